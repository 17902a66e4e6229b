// A chain of 64 nested Nodes.
export function generateDeep(depth = 64) {
  let node = null;
  for (let i = depth - 1; i >= 0; i--)
    node = node ? { depth: i, label: `level ${i}`, child: node } : { depth: i, label: `level ${i}` };
  return node;
}
