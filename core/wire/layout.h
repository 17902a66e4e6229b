// MessageLayout<T>: where a generated message or a Box keeps its members, for bindings that read
// a message in place instead of through its accessors (core/jsbind: resident getters in JS).
//
// Only declared here: binding code specialises it per type. The classes it reads befriend it, so
// a specialisation may take the addresses of their private members; nothing else should.
#ifndef WIRELENS_CORE_WIRE_LAYOUT_H_
#define WIRELENS_CORE_WIRE_LAYOUT_H_

namespace wirelens {

template <typename T>
struct MessageLayout;

}  // namespace wirelens

#endif  // WIRELENS_CORE_WIRE_LAYOUT_H_
