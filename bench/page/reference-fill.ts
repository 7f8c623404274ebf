/**
 * The reference the fill is measured against: a plain scanline flood fill, as textbooks and most paint
 * programs' first version have it. Exact colour match, 4-connected, in place on packed pixels; a stack of
 * seeds, each widened into a span, the rows above and below pushing one seed per run.
 */
export function referenceScanlineFill(
  pixels: Uint32Array,
  width: number,
  height: number,
  x: number,
  y: number,
  fill: number,
): void {
  const target = pixels[y * width + x];
  if (target === undefined || target === fill) return;
  const stack = [y * width + x];
  for (let seed = stack.pop(); seed !== undefined; seed = stack.pop()) {
    if (pixels[seed] !== target) continue;
    const rowStart = seed - (seed % width);
    let left = seed;
    while (left > rowStart && pixels[left - 1] === target) left--;
    let right = seed;
    while (right < rowStart + width - 1 && pixels[right + 1] === target) right++;
    pixels.fill(fill, left, right + 1);
    for (const offset of [-width, width]) {
      const row = rowStart + offset;
      if (row < 0 || row >= width * height) continue;
      let inRun = false;
      for (let index = left + offset; index <= right + offset; index++) {
        const matches = pixels[index] === target;
        if (matches && !inRun) stack.push(index);
        inRun = matches;
      }
    }
  }
}
