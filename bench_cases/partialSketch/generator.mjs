// The partialSketch case for JS: the same layers, in the same order, from the same random
// numbers as generator.h (std::mt19937_64), so both give byte-identical encodings (a test checks
// this against the C++ generator). Field names as protobuf.js gives them.

// std::mt19937_64 with 64-bit words as (hi, lo) pairs of uint32, fast without BigInt.
class MersenneTwister64 {
  constructor(seed) {
    this.hi = new Uint32Array(312);
    this.lo = new Uint32Array(312);
    let x = BigInt.asUintN(64, BigInt(seed));
    for (let i = 0; i < 312; i++) {
      if (i > 0) x = BigInt.asUintN(64, 6364136223846793005n * (x ^ (x >> 62n)) + BigInt(i));
      this.hi[i] = Number(x >> 32n);
      this.lo[i] = Number(x & 0xffffffffn);
    }
    this.index = 312;
  }
  twist() {
    const { hi, lo } = this;
    for (let i = 0; i < 312; i++) {
      const j = (i + 1) % 312,
        k = (i + 156) % 312;
      // x = upper 33 bits of mt[i] | lower 31 bits of mt[j]; mt[i] = mt[k] ^ (x >> 1) ^ (x odd ? A : 0)
      const xHi = hi[i],
        xLo = ((lo[i] & 0x80000000) | (lo[j] & 0x7fffffff)) >>> 0;
      let aHi = xHi >>> 1,
        aLo = ((xLo >>> 1) | (xHi << 31)) >>> 0;
      if (xLo & 1) {
        aHi = (aHi ^ 0xb5026f5a) >>> 0;
        aLo = (aLo ^ 0xa96619e9) >>> 0;
      }
      hi[i] = (hi[k] ^ aHi) >>> 0;
      lo[i] = (lo[k] ^ aLo) >>> 0;
    }
    this.index = 0;
  }
  // Next output, tempered, into this.outHi / this.outLo.
  next() {
    if (this.index >= 312) this.twist();
    let h = this.hi[this.index],
      l = this.lo[this.index];
    this.index++;
    // y ^= (y >> 29) & 0x5555555555555555
    let sh = h >>> 29,
      sl = ((l >>> 29) | (h << 3)) >>> 0;
    h = (h ^ (sh & 0x55555555)) >>> 0;
    l = (l ^ (sl & 0x55555555)) >>> 0;
    // y ^= (y << 17) & 0x71D67FFFEDA60000
    sh = ((h << 17) | (l >>> 15)) >>> 0;
    sl = (l << 17) >>> 0;
    h = (h ^ (sh & 0x71d67fff)) >>> 0;
    l = (l ^ (sl & 0xeda60000)) >>> 0;
    // y ^= (y << 37) & 0xFFF7EEE000000000
    h = (h ^ ((l << 5) & 0xfff7eee0)) >>> 0;
    // y ^= y >> 43
    l = (l ^ (h >>> 11)) >>> 0;
    this.outHi = h;
    this.outLo = l;
  }
  /** next() % n, for n < 2^21. */
  mod(n) {
    this.next();
    return ((this.outHi % n) * (4294967296 % n) + (this.outLo % n)) % n;
  }
  /** next() & 1 */
  bit() {
    this.next();
    return this.outLo & 1;
  }
}

const KINDS = ["shapePath", "rectangle", "oval", "group", "text", "bitmap"];
const HEX = "0123456789ABCDEF";

/**
 * The case's root Layer as a plain object (protobuf.js field names). `layersCount` 5000 and
 * seed 1 are the benchmark case (29,211,520 bytes encoded).
 */
export function generatePartialSketch(seed = 1, layersCount = 5000) {
  const rng = new MersenneTwister64(seed);
  const id = () => {
    let s = "";
    for (let i = 0; i < 36; i++) s += i === 8 || i === 13 || i === 18 || i === 23 ? "-" : HEX[rng.mod(16)];
    return s;
  };
  const unit = () => Math.fround(rng.mod(1001) / 1000);
  const layers = [];
  const parent = new Int32Array(layersCount).fill(-1);
  for (let i = 0; i < layersCount; i++) {
    const layer = {};
    layer.doObjectID = id();
    layer._class = KINDS[rng.mod(KINDS.length)];
    layer.booleanOperation = rng.mod(4) - 1;
    const frame = { _class: "rect" };
    frame.constrainProportions = rng.bit() === 1;
    frame.width = rng.mod(2000);
    frame.height = rng.mod(2000);
    frame.x = rng.mod(4000) - 2000;
    frame.y = rng.mod(4000) - 2000;
    layer.frame = frame;
    layer.isFlippedHorizontal = rng.mod(10) === 0;
    layer.isFlippedVertical = rng.mod(10) === 0;
    layer.isLocked = rng.mod(5) === 0;
    layer.isVisible = rng.mod(10) !== 0;
    layer.layerListExpandedType = rng.bit() === 1;
    layer.resizingConstraint = rng.mod(64);
    layer.resizingType = rng.mod(4);
    layer.rotation = rng.mod(36000) / 100;
    layer.shouldBreakMaskChain = rng.mod(20) === 0;
    layer.clippingMaskMode = rng.mod(2) === 0;
    layer.hasClippingMask = rng.mod(20) === 0;
    const fills = [];
    for (let k = 2 + rng.mod(299); k > 0; k--) {
      const fill = { _class: "fill", isEnabled: rng.mod(4) !== 0 };
      const color = { _class: "color" };
      color.alpha = unit();
      color.red = unit();
      color.blue = unit();
      color.green = unit();
      fill.color = color;
      fills.push(fill);
    }
    layer.style = { _class: "style", fills };
    layer.layers = [];
    layers.push(layer);
    if (i >= 1 && rng.mod(5) !== 0) parent[i] = rng.mod(i);
  }
  const root = { doObjectID: id(), _class: "page", layers: [] };
  for (let i = 0; i < layersCount; i++) (parent[i] < 0 ? root.layers : layers[parent[i]].layers).push(layers[i]);
  return root;
}
