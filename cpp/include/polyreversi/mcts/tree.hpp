// The tree of both UCT searches (mcts.cpp for any number of players,
// multi/mcts_kernels.cpp for informed 3-4 player play): one vector of nodes
// linked first child / next sibling. Templates on the caller's node type (a
// type local to its file), so each instruction set's copy has its own.
#pragma once
#include <limits>
#include <vector>

namespace polyreversi {

// Appends `n` as the newest child of `parent` (-1: the root) and returns its index.
template <class Node>
int append_child(std::vector<Node>& nodes, Node n, int parent) {
  const int index = static_cast<int>(nodes.size());
  if (parent >= 0) {
    n.next_sibling = nodes[parent].first_child;
    nodes[parent].first_child = index;
  }
  nodes.push_back(n);
  return index;
}

// The child of `parent` with the highest `score(child)` (the first of equals),
// or -1 when it has none.
template <class Node, class Score>
int best_child(const std::vector<Node>& nodes, const Node& parent, Score&& score) {
  int best = -1;
  double best_score = -std::numeric_limits<double>::infinity();
  for (int c = parent.first_child; c >= 0; c = nodes[c].next_sibling) {
    const double s = score(nodes[c]);
    if (s > best_score) {
      best_score = s;
      best = c;
    }
  }
  return best;
}

}  // namespace polyreversi
