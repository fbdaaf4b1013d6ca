// A fixed-capacity list (move lists of both variants): no allocation on the search's hot path.
#pragma once

#include <array>

namespace xq {

template <class T, int Capacity>
class FixedList {
 public:
  void push(T x) { items_[size_++] = x; }
  int size() const { return size_; }
  bool empty() const { return size_ == 0; }
  T operator[](int i) const { return items_[i]; }
  T& operator[](int i) { return items_[i]; }
  const T* begin() const { return items_.data(); }
  const T* end() const { return items_.data() + size_; }
  T* begin() { return items_.data(); }
  T* end() { return items_.data() + size_; }
  bool contains(T x) const {
    for (T y : *this)
      if (y == x) return true;
    return false;
  }
  void clear() { size_ = 0; }
  void truncate(int n) { size_ = n; }  // keeps the first n (n <= size())
  void remove_at(int i) { items_[i] = items_[--size_]; }  // order is not kept

 private:
  std::array<T, Capacity> items_;
  int size_ = 0;
};

}  // namespace xq
