// The tables of the 8x8 pattern evaluation (patterns.hpp), built once at
// load time from the shipped weights: the instances of each pattern type
// are its images under the 8 symmetries (one per square set, first seen
// first, as tests/reference/patterns.py lists them), and the file holds
// one weight per class of indices that a symmetry fixing an instance
// exchanges; here each class is expanded to its full 3^k table (direct
// lookups in the search, 0.33 MB a phase). A legal-move pattern (reference
// MOVE_TYPES: a line of 8 squares) is tied up to the line's reversal,
// likewise expanded (128 KiB a type and phase).
#include "polyreversi/search/patterns.hpp"

#include <algorithm>
#include <stdexcept>
#include <vector>

#include "polyreversi/search/table_memory.hpp"

namespace polyreversi {
namespace patterns {

namespace {

struct Type {
  int squares;
  int cells[10][2];  // (row, column) of the base, at the a1 corner / top edge
};

// The order of reference patterns.PATTERN_TYPES.
const Type kTypes[] = {
    {10, {{0, 0}, {0, 1}, {0, 2}, {0, 3}, {0, 4}, {0, 5}, {0, 6}, {0, 7}, {1, 1}, {1, 6}}},  // edge + 2 X
    {9, {{0, 0}, {0, 1}, {0, 2}, {1, 0}, {1, 1}, {1, 2}, {2, 0}, {2, 1}, {2, 2}}},           // corner 3x3
    {10, {{0, 0}, {0, 1}, {0, 2}, {0, 3}, {0, 4}, {1, 0}, {1, 1}, {1, 2}, {1, 3}, {1, 4}}},  // corner 2x5
    {8, {{1, 0}, {1, 1}, {1, 2}, {1, 3}, {1, 4}, {1, 5}, {1, 6}, {1, 7}}},                   // row 2
    {8, {{2, 0}, {2, 1}, {2, 2}, {2, 3}, {2, 4}, {2, 5}, {2, 6}, {2, 7}}},                   // row 3
    {8, {{3, 0}, {3, 1}, {3, 2}, {3, 3}, {3, 4}, {3, 5}, {3, 6}, {3, 7}}},                   // row 4
    {8, {{0, 0}, {1, 1}, {2, 2}, {3, 3}, {4, 4}, {5, 5}, {6, 6}, {7, 7}}},                   // diagonal 8
    {7, {{0, 1}, {1, 2}, {2, 3}, {3, 4}, {4, 5}, {5, 6}, {6, 7}}},                           // diagonal 7
    {6, {{0, 2}, {1, 3}, {2, 4}, {3, 5}, {4, 6}, {5, 7}}},                                   // diagonal 6
    {5, {{0, 3}, {1, 4}, {2, 5}, {3, 6}, {4, 7}}},                                           // diagonal 5
    {4, {{0, 4}, {1, 5}, {2, 6}, {3, 7}}},                                                   // diagonal 4
    {10, {{1, 2}, {0, 0}, {0, 1}, {0, 2}, {0, 3}, {0, 4}, {0, 5}, {0, 6}, {0, 7}, {1, 5}}},  // edge + c2, f2
    {10, {{0, 2}, {0, 3}, {0, 4}, {0, 5}, {1, 3}, {1, 4}, {2, 2}, {2, 3}, {2, 4}, {2, 5}}},  // edge centre
};
constexpr int kTypeCount = sizeof(kTypes) / sizeof(kTypes[0]);

// The count of weights, then (zeros before, weight) pairs (the file's header).
const int kSparse[] = {
#include "pattern_weights.inc"
};

std::vector<std::int16_t> dense_weights() {
  std::vector<std::int16_t> w(static_cast<std::size_t>(kSparse[0]), 0);
  std::size_t at = 0;
  for (std::size_t i = 1; i + 1 < sizeof(kSparse) / sizeof(kSparse[0]); i += 2) {
    at += static_cast<std::size_t>(kSparse[i]);
    w[at++] = static_cast<std::int16_t>(kSparse[i + 1]);
  }
  return w;
}

constexpr const char* kCountMismatch = "patterns.hpp's kInstances does not count the patterns' instances";
constexpr const char* kLayoutMismatch = "pattern_weights.inc does not fit the patterns";

constexpr int kPow3[11] = {1, 3, 9, 27, 81, 243, 729, 2187, 6561, 19683, 59049};
int pow3(int k) { return kPow3[k]; }

int symmetric(int g, int sq) {  // the 8 symmetries, in reference patterns.SYMMETRIES order
  const int r = sq / 8, c = sq % 8;
  const int rc[8][2] = {{r, c}, {r, 7 - c}, {7 - r, c}, {7 - r, 7 - c}, {c, r}, {c, 7 - r}, {7 - c, r}, {7 - c, 7 - r}};
  return 8 * rc[g][0] + rc[g][1];
}

// For each entry (the mover's 8 move bits of a line | the opponent's << 8) of
// a legal-move table, its tied weight's number: the entry's base-4 index
// (digit k: bit k of the mover's, plus 2 for the opponent's) and the index of
// the reversed line share one, numbered in increasing order of the lesser
// index (reference patterns.canonical_map(..., radix=4)).
std::vector<int> line_move_ranks() {
  constexpr int kIndices = 1 << 16;  // 4^8
  const auto reversed = [](int idx) {
    int r = 0;
    for (int k = 0; k < 8; ++k) r |= (idx >> (2 * k) & 3) << (2 * (7 - k));
    return r;
  };
  std::vector<int> rank(kIndices, -1);
  int count = 0;
  for (int idx = 0; idx < kIndices; ++idx) {
    const int canon = std::min(idx, reversed(idx));
    rank[idx] = canon == idx ? count++ : rank[canon];
  }
  std::vector<int> out(kLineMovesSize);
  for (int x = 0; x < kLineMovesSize; ++x) {
    int idx = 0;
    for (int k = 0; k < 8; ++k) idx |= ((x >> k & 1) + 2 * (x >> (8 + k) & 1)) << (2 * k);
    out[x] = rank[idx];
  }
  return out;
}

struct Built {
  Tables t;
  // kPhases x total, read at random by every evaluation: on 2 MiB pages
  // (TableMemory, which maps 4 MiB or more so), as the hash tables, so that
  // the lookups do not miss the TLB too: FFO #56 about 2 % less CPU.
  TableMemory memory;
  std::int16_t* weights = nullptr;
  std::vector<std::uint16_t> bits;  // kInstances x kBitsSize
  int type_offset[kTypeCount + 1];

  Built() : t(), bits(static_cast<std::size_t>(kInstances) * kBitsSize, 0) {
    type_offset[0] = 0;
    for (int k = 0; k < kTypeCount; ++k) type_offset[k + 1] = type_offset[k] + pow3(kTypes[k].squares);
    const int total = type_offset[kTypeCount];
    const std::size_t pattern_entries = static_cast<std::size_t>(kPhases) * total;
    const std::size_t line_entries = static_cast<std::size_t>(kPhases) * kMoveTypes * kLineMovesSize;
    const std::size_t bytes = (pattern_entries + line_entries) * sizeof(std::int16_t);
    weights = static_cast<std::int16_t*>(memory.allocate(std::max(bytes, std::size_t(4) << 20), true));
    std::int16_t* line_moves = weights + pattern_entries;
    const std::vector<int> line_rank = line_move_ranks();
    const int line_count = *std::max_element(line_rank.begin(), line_rank.end()) + 1;
    const std::vector<std::int16_t> kRaw = dense_weights();
    int inst = 0, raw = 0;
    std::vector<std::vector<int>> ranks(kTypeCount);
    std::vector<int> counts(kTypeCount);
    for (int k = 0; k < kTypeCount; ++k) {
      const Type& ty = kTypes[k];
      const int n = ty.squares;
      int base[10];
      for (int i = 0; i < n; ++i) base[i] = 8 * ty.cells[i][0] + ty.cells[i][1];
      std::vector<std::vector<int>> seen;  // square sets already taken (sorted)
      std::vector<std::vector<int>> perms;
      for (int g = 0; g < 8; ++g) {
        std::vector<int> img(n), sorted_img;
        for (int i = 0; i < n; ++i) img[i] = symmetric(g, base[i]);
        sorted_img = img;
        std::sort(sorted_img.begin(), sorted_img.end());
        std::vector<int> sorted_base(base, base + n);
        std::sort(sorted_base.begin(), sorted_base.end());
        if (g > 0 && sorted_img == sorted_base) {  // a symmetry fixing the base: tie its index classes
          std::vector<int> p(n);
          for (int i = 0; i < n; ++i) p[i] = static_cast<int>(std::find(base, base + n, img[i]) - base);
          perms.push_back(p);
        }
        if (std::find(seen.begin(), seen.end(), sorted_img) != seen.end()) continue;
        seen.push_back(sorted_img);
        // A type added without raising kInstances would write past the tables.
        if (inst == kInstances) throw std::logic_error(kCountMismatch);
        u64 mask = 0;
        for (int i = 0; i < n; ++i) mask |= u64(1) << img[i];
        std::uint16_t* b = &bits[static_cast<std::size_t>(inst) * kBitsSize];
        for (int x = 0; x < (1 << n); ++x) {
          int v = 0;
          for (int j = 0; j < n; ++j)  // bit j: the j-th lowest square, at place `place` of the instance
            if (x >> j & 1) {
              const int place = static_cast<int>(std::find(img.begin(), img.end(), sorted_img[j]) - img.begin());
              v += pow3(place);
            }
          b[x] = static_cast<std::uint16_t>(v);
        }
        for (int i = 0; i < n; ++i) { t.delta[img[i]][inst] = static_cast<std::uint16_t>(pow3(i)); }
        t.mask[inst] = mask;
        t.bits[inst] = b;
        t.offset[inst] = type_offset[k];
        ++inst;
      }
      // Class of an index: the least index of its orbit; classes numbered in increasing order.
      const int size = pow3(n);
      std::vector<int>& rank = ranks[k];
      rank.assign(size, -1);
      int count = 0;
      int digit[10] = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0};  // of idx, counted up in base 3
      for (int idx = 0; idx < size; ++idx) {
        int canon = idx;
        for (const std::vector<int>& p : perms) {
          int v = 0;
          for (int i = 0; i < n; ++i) v += kPow3[i] * digit[p[i]];
          canon = std::min(canon, v);
        }
        rank[idx] = canon == idx ? count++ : rank[canon];
        for (int i = 0; i < n && ++digit[i] == 3; ++i) digit[i] = 0;
      }
      counts[k] = count;
    }
    // Checked before any weight is read: a file of another layout would be read past its end.
    std::size_t per_phase = 2 + kMobilitySize + static_cast<std::size_t>(kMoveTypes) * line_count;
    for (int k = 0; k < kTypeCount; ++k) per_phase += static_cast<std::size_t>(counts[k]);
    if (kRaw.size() != kPhases * per_phase) throw std::logic_error(kLayoutMismatch);
    for (int ph = 0; ph < kPhases; ++ph) {
      std::int16_t* w = &weights[static_cast<std::size_t>(ph) * total];
      for (int k = 0; k < kTypeCount; ++k) {
        for (int idx = 0; idx < pow3(kTypes[k].squares); ++idx) w[type_offset[k] + idx] = kRaw[raw + ranks[k][idx]];
        raw += counts[k];
      }
      t.parity[ph][0] = kRaw[raw];
      t.parity[ph][1] = kRaw[raw + 1];
      raw += 2;
      for (int i = 0; i < kMobilitySize; ++i) t.mobility[ph][i] = kRaw[raw + i];
      raw += kMobilitySize;
      for (int r = 0; r < kMoveTypes; ++r, line_moves += kLineMovesSize) {
        for (int x = 0; x < kLineMovesSize; ++x) line_moves[x] = kRaw[raw + line_rank[x]];
        raw += line_count;
        t.line_moves[r][ph] = line_moves;
      }
      t.weights[ph] = w;
    }
    if (inst != kInstances) throw std::logic_error(kCountMismatch);
  }
};

const Built& built() {
  static const Built b;
  return b;
}

}  // namespace

const Tables tables = built().t;

int type_count() { return kTypeCount; }
int type_size(int type) { return pow3(kTypes[type].squares); }
const std::int16_t* type_weights(int phase, int type) { return built().t.weights[phase] + built().type_offset[type]; }

}  // namespace patterns
}  // namespace polyreversi
