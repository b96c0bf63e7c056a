// Dirichlet noise on a root's priors (AlphaZero's exploration), drawn the same
// way by every build. std::gamma_distribution is implementation-defined: the
// GCC wheel (libstdc++) and the zig wheels (libc++) drew different noise from
// one seed. Here the gamma draws are Marsaglia and Tsang's method ("A simple
// method for generating gamma variables", ACM TOMS 26(3), 2000) on normals from
// the polar method, all from std::mt19937_64, whose output the standard fixes.
#pragma once
#include <cmath>
#include <random>

#include "polyreversi/types.hpp"

namespace polyreversi {

// A uniform double in [0, 1) from the engine's top 53 bits (one engine call).
inline double uniform_01(std::mt19937_64& rng) { return static_cast<double>(rng() >> 11) * 0x1.0p-53; }

// A standard normal (Marsaglia's polar method; about 1.27 pairs of uniforms a draw).
inline double standard_normal(std::mt19937_64& rng) {
  for (;;) {
    const double u = 2 * uniform_01(rng) - 1, v = 2 * uniform_01(rng) - 1, s = u * u + v * v;
    if (s > 0 && s < 1) return u * std::sqrt(-2 * std::log(s) / s);
  }
}

// Gamma(alpha, 1) for alpha > 0. Below 1: Gamma(alpha + 1) * U^(1/alpha) (the same paper).
inline double gamma_draw(std::mt19937_64& rng, double alpha) {
  if (alpha < 1) {
    const double u = uniform_01(rng);
    return gamma_draw(rng, alpha + 1) * std::pow(u > 0 ? u : 0x1.0p-53, 1 / alpha);
  }
  const double d = alpha - 1.0 / 3, c = 1 / std::sqrt(9 * d);
  for (;;) {
    double x, v;
    do {
      x = standard_normal(rng);
      v = 1 + c * x;
    } while (v <= 0);
    v = v * v * v;
    const double u = uniform_01(rng);
    if (u < 1 - 0.0331 * x * x * x * x) return d * v;
    if (u > 0 && std::log(u) < 0.5 * x * x + d * (1 - v + std::log(v))) return d * v;
  }
}

// p[0..count) = (1 - fraction) p + fraction * Dirichlet(alpha, ..., alpha).
template <class T>
void mix_dirichlet(T* p, int count, double alpha, double fraction, std::mt19937_64& rng) {
  double noise[kMaxSquares + 1], sum = 0;
  for (int i = 0; i < count; ++i) sum += (noise[i] = gamma_draw(rng, alpha));
  for (int i = 0; i < count; ++i)
    p[i] = static_cast<T>((1 - fraction) * p[i] + fraction * (sum > 0 ? noise[i] / sum : 1.0 / count));
}

}  // namespace polyreversi
