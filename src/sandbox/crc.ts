/**
 * CRC-32 of a concatenation from the CRCs of its parts (zlib's `crc32_combine`), so the CRC of a
 * huge generated artifact costs a few milliseconds instead of a pass over every byte.
 */
const DIM = 32;

function matrixTimes(matrix: Uint32Array, vector: number): number {
  let sum = 0;
  let v = vector >>> 0;
  for (let i = 0; v !== 0; i++, v >>>= 1) if (v & 1) sum ^= matrix[i];
  return sum >>> 0;
}

function matrixSquare(square: Uint32Array, matrix: Uint32Array): void {
  for (let n = 0; n < DIM; n++) square[n] = matrixTimes(matrix, matrix[n]);
}

export function crc32Combine(crc1: number, crc2: number, length2: number): number {
  if (length2 <= 0) return crc1 >>> 0;
  const even = new Uint32Array(DIM);
  const odd = new Uint32Array(DIM);
  odd[0] = 0xedb88320;
  for (let n = 1, row = 1; n < DIM; n++, row <<= 1) odd[n] = row;
  matrixSquare(even, odd);
  matrixSquare(odd, even);
  let crc = crc1 >>> 0;
  let len = length2;
  do {
    matrixSquare(even, odd);
    if (len % 2 === 1) crc = matrixTimes(even, crc);
    len = Math.floor(len / 2);
    if (len === 0) break;
    matrixSquare(odd, even);
    if (len % 2 === 1) crc = matrixTimes(odd, crc);
    len = Math.floor(len / 2);
  } while (len !== 0);
  return (crc ^ crc2) >>> 0;
}
