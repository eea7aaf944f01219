// Byte-scanning kernels with SIMD intrinsics, for the JSON reader's hot loops.
//
// Swift's SIMD types compile to per-lane loops on this toolchain (a 16-byte compare and mask
// test became a scalar loop through the stack), so the vector scans are written here, as
// static inline functions the Swift optimiser inlines like its own code. Each kernel has the
// same result on every platform; where the vector unit is not known (not x86-64 SSE2), it
// scans nothing and the reader's portable word-at-a-time loop does the work.

#ifndef RTCSTATS_BYTE_SCAN_H
#define RTCSTATS_BYTE_SCAN_H

#include <stddef.h>
#include <stdint.h>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

/// The number of leading bytes of `bytes[0 ..< count]`, a multiple of 16 or the offset of
/// the first stop, that are plain string bytes: not a control character (< 0x20), not
/// non-ASCII (≥ 0x80), not '"' and not '\\'.
///
/// It stops at the first such byte or when fewer than 16 bytes are left (the caller scans
/// those), so the result is exact where it stops on a byte and a lower bound otherwise.
/// SSE2 (every x86-64): one 16-byte block per round, one signed compare catching both the
/// control and the non-ASCII bytes (they are the bytes below 0x20 as signed integers).
static inline size_t rtcstats_plain_string_prefix(const uint8_t *bytes, size_t count) {
  size_t offset = 0;
#if defined(__SSE2__)
  const __m128i quote = _mm_set1_epi8('"');
  const __m128i backslash = _mm_set1_epi8('\\');
  const __m128i space = _mm_set1_epi8(0x20);
  while (offset + 16 <= count) {
    const __m128i block = _mm_loadu_si128((const __m128i *)(const void *)(bytes + offset));
    const __m128i special = _mm_or_si128(
        _mm_or_si128(_mm_cmpeq_epi8(block, quote), _mm_cmpeq_epi8(block, backslash)),
        _mm_cmplt_epi8(block, space));
    const unsigned mask = (unsigned)_mm_movemask_epi8(special);
    if (mask != 0) {
      return offset + (size_t)__builtin_ctz(mask);
    }
    offset += 16;
  }
#else
  (void)bytes;
  (void)count;
#endif
  return offset;
}

/// Scans a string that holds escaped quotes (a string serialised into a string,
/// `"[\"VP8\",\"VP8\"]"`) 16 bytes at a time from `*offset`, while the only bytes that
/// are not plain are `\"` pairs and the closing quote.
///
/// `*carry` is 1 when the byte before `*offset` is a backslash that escapes the byte at
/// `*offset` (0 otherwise); it is updated as blocks are passed. Returns 1 with `*offset` at
/// the closing quote. Returns 0 with `*offset` at the first block it does not decide
/// (another escape, `\\`, a control or non-ASCII byte, fewer than 16 bytes left) and
/// `*carry` for that block; the caller scans on from there. Without SSE2 it returns 0 at
/// once.
static inline int rtcstats_escaped_quote_run(
    const uint8_t *bytes, size_t count, size_t *offset, unsigned *carry) {
#if defined(__SSE2__)
  const __m128i quote = _mm_set1_epi8('"');
  const __m128i backslash = _mm_set1_epi8('\\');
  const __m128i space = _mm_set1_epi8(0x20);
  size_t position = *offset;
  unsigned escapedFirst = *carry;
  while (position + 16 <= count) {
    const __m128i block = _mm_loadu_si128((const __m128i *)(const void *)(bytes + position));
    const unsigned quotes = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(block, quote));
    const unsigned backslashes = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(block, backslash));
    const unsigned stops = (unsigned)_mm_movemask_epi8(_mm_cmplt_epi8(block, space));
    // Bit i: byte i follows a backslash (the block's first byte: the carry).
    const unsigned escaped = ((backslashes << 1) | escapedFirst) & 0xFFFFu;
    // Decided here only when every escaped byte is a quote (an escaped backslash is not).
    if ((stops | (escaped & ~quotes)) != 0) {
      break;
    }
    const unsigned closing = quotes & ~escaped;
    if (closing != 0) {
      *offset = position + (size_t)__builtin_ctz(closing);
      *carry = 0;
      return 1;
    }
    escapedFirst = (backslashes >> 15) & 1u;
    position += 16;
  }
  *offset = position;
  *carry = escapedFirst;
#else
  (void)bytes;
  (void)count;
  (void)offset;
  (void)carry;
#endif
  return 0;
}

/// Counts, in `bytes[0 ..< count]`, the commas (`*commas`), the bytes that open an array
/// or object (`[` or `{`, `*openings`) and the quotes (`*quotes`), 16 bytes at a time; returns
/// how many bytes it looked at (a multiple of 16: the caller counts the rest). A webrtc-
/// internals series `"[1,2,3]"` has one element more than commas when it has no opening
/// but its own and no quote.
///
/// Each compare gives −1 per matching byte, subtracted into per-byte counters that are
/// summed (`psadbw`) every 255 blocks, before a counter could wrap. Without SSE2 it counts
/// nothing and returns 0.
static inline size_t rtcstats_count_series_bytes(
    const uint8_t *bytes, size_t count, size_t *commas, size_t *openings, size_t *quotes) {
  size_t offset = 0;
  *commas = 0;
  *openings = 0;
  *quotes = 0;
#if defined(__SSE2__)
  const __m128i comma = _mm_set1_epi8(',');
  const __m128i bracket = _mm_set1_epi8('[');
  const __m128i brace = _mm_set1_epi8('{');
  const __m128i quote = _mm_set1_epi8('"');
  const __m128i zero = _mm_setzero_si128();
  __m128i commaTotal = zero;
  __m128i openingTotal = zero;
  __m128i quoteTotal = zero;
  while (offset + 16 <= count) {
    __m128i commaCounts = zero;
    __m128i openingCounts = zero;
    __m128i quoteCounts = zero;
    for (int round = 0; round < 255 && offset + 16 <= count; round++) {
      const __m128i block = _mm_loadu_si128((const __m128i *)(const void *)(bytes + offset));
      commaCounts = _mm_sub_epi8(commaCounts, _mm_cmpeq_epi8(block, comma));
      openingCounts = _mm_sub_epi8(
          openingCounts, _mm_or_si128(_mm_cmpeq_epi8(block, bracket), _mm_cmpeq_epi8(block, brace)));
      quoteCounts = _mm_sub_epi8(quoteCounts, _mm_cmpeq_epi8(block, quote));
      offset += 16;
    }
    commaTotal = _mm_add_epi64(commaTotal, _mm_sad_epu8(commaCounts, zero));
    openingTotal = _mm_add_epi64(openingTotal, _mm_sad_epu8(openingCounts, zero));
    quoteTotal = _mm_add_epi64(quoteTotal, _mm_sad_epu8(quoteCounts, zero));
  }
  *commas = (size_t)_mm_cvtsi128_si64(commaTotal)
      + (size_t)_mm_cvtsi128_si64(_mm_unpackhi_epi64(commaTotal, commaTotal));
  *openings = (size_t)_mm_cvtsi128_si64(openingTotal)
      + (size_t)_mm_cvtsi128_si64(_mm_unpackhi_epi64(openingTotal, openingTotal));
  *quotes = (size_t)_mm_cvtsi128_si64(quoteTotal)
      + (size_t)_mm_cvtsi128_si64(_mm_unpackhi_epi64(quoteTotal, quoteTotal));
#else
  (void)bytes;
  (void)count;
#endif
  return offset;
}

#endif
