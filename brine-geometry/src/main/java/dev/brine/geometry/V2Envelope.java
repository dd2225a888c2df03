package dev.brine.geometry;

import static dev.brine.geometry.NativeFormat.*;

import dev.brine.MalformedInputException;
import dev.brine.io.Loads;
import org.locationtech.jts.geom.Envelope;

/**
 * The envelope of a version-2 encoding without building a geometry: the stored one if the writer
 * stored it ({@code ENVELOPE}), else computed from the coordinates in the bytes exactly as JTS
 * computes {@code getEnvelopeInternal()} — a point's coordinate; a line's coordinates; a polygon's
 * shell only; a Multi* or collection as the union of its members' envelopes, in order. Each part's
 * envelope starts at its first coordinate and widens only where {@code <} / {@code >} holds, and the
 * union widens only where a part's bound is {@code <} / {@code >}, so NaN and -0.0 come out as in JTS.
 */
final class V2Envelope {
  private double minX;
  private double minY;
  private double maxX;
  private double maxY;
  private boolean has;

  private V2Envelope() {}

  /** The envelope of the encoding that is exactly {@code b}. */
  static Envelope of(byte[] b) {
    long h = V2Reader.head(b, 0, b.length, true, 0);
    int type = V2Reader.type(h);
    int flags = V2Reader.flags(h);
    int count = V2Reader.count(h);
    int pos = V2Reader.headLength(h);
    if ((flags & FLAG_ENVELOPE) != 0) {
      int at = pos - ENVELOPE_BYTES;
      double minX = Loads.loadFloat64(b, at);
      double minY = Loads.loadFloat64(b, at + 8);
      double maxX = Loads.loadFloat64(b, at + 16);
      double maxY = Loads.loadFloat64(b, at + 24);
      // maxX < minX is JTS's null envelope; Envelope(max, min, ...) restores the fields exactly
      return maxX < minX ? new Envelope() : new Envelope(maxX, minX, maxY, minY);
    }
    int end = V2Reader.end(b, type, flags, count, pos, b.length, 1, 0);
    if (end != b.length) {
      throw new MalformedInputException("geometry: " + (b.length - end) + " trailing bytes at offset " + end);
    }
    V2Envelope e = new V2Envelope();
    e.body(b, type, flags, count, pos);
    return e.has ? new Envelope(e.maxX, e.minX, e.maxY, e.minY) : new Envelope();
  }

  /** Widens by the body at {@code pos} (already checked by {@link V2Reader#end}). */
  private void body(byte[] b, int type, int flags, int count, int pos) {
    int stride = 8 * storedOrdinates(flags);
    switch (type) {
      case POINT:
      case LINESTRING:
      case LINEARRING:
        part(b, pos, count, stride);
        return;
      case POLYGON:
        if (count > 0) {
          part(b, pos + ((4 * count + 7) & ~7), Loads.loadInt32(b, pos), stride);
        }
        return;
      case MULTIPOINT: {
        // the union of one-coordinate envelopes is the envelope of all the coordinates
        int empties = (flags & FLAG_EMPTIES) != 0 ? Loads.loadInt32(b, pos) : 0;
        int coords = empties > 0 ? pos + ((4 + 4 * empties + 7) & ~7) : pos;
        part(b, coords, count - empties, stride);
        return;
      }
      case MULTILINESTRING: {
        int coords = pos + ((4 * count + 7) & ~7);
        int ringBit = (flags & FLAG_RINGS) != 0 ? RING_BIT : 0;
        for (int i = 0; i < count; i++) {
          int n = Loads.loadInt32(b, pos + 4 * i) & ~ringBit;
          part(b, coords, n, stride);
          coords += n * stride;
        }
        return;
      }
      case MULTIPOLYGON: {
        int words = count;
        for (int i = 0, s = pos; i < count; i++) {
          int rings = Loads.loadInt32(b, s);
          words += rings;
          s += 4 + 4 * rings;
        }
        int coords = pos + ((4 * words + 7) & ~7);
        for (int i = 0, s = pos; i < count; i++) {
          int rings = Loads.loadInt32(b, s);
          for (int r = 0; r < rings; r++) {
            int n = Loads.loadInt32(b, s + 4 + 4 * r);
            if (r == 0) {
              part(b, coords, n, stride); // a polygon's envelope is its shell's
            }
            coords += n * stride;
          }
          s += 4 + 4 * rings;
        }
        return;
      }
      case GEOMETRYCOLLECTION: {
        int p = pos;
        for (int i = 0; i < count; i++) {
          long h = V2Reader.head(b, p, b.length, false, 0);
          int start = p + V2Reader.headLength(h);
          int t = V2Reader.type(h);
          int f = V2Reader.flags(h);
          int c = V2Reader.count(h);
          V2Envelope member = new V2Envelope();
          member.body(b, t, f, c, start);
          if (member.has) {
            union(member.minX, member.minY, member.maxX, member.maxY);
          }
          p = V2Reader.end(b, t, f, c, start, b.length, 1, 0); // checked before: nesting is bounded
        }
        return;
      }
      default:
        throw new AssertionError(type);
    }
  }

  /** JTS's envelope of {@code n} coordinates at {@code pos}, united with what came before. */
  private void part(byte[] b, int pos, int n, int stride) {
    if (n <= 0) {
      return;
    }
    double x0 = Loads.loadFloat64(b, pos);
    double y0 = Loads.loadFloat64(b, pos + 8);
    double x1 = x0;
    double y1 = y0;
    for (int i = 1; i < n; i++) {
      int p = pos + i * stride;
      double x = Loads.loadFloat64(b, p);
      double y = Loads.loadFloat64(b, p + 8);
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      if (y > y1) y1 = y;
    }
    union(x0, y0, x1, y1);
  }

  /** JTS's {@code Envelope.expandToInclude(Envelope)} with a non-null envelope. */
  private void union(double x0, double y0, double x1, double y1) {
    if (!has) {
      minX = x0;
      minY = y0;
      maxX = x1;
      maxY = y1;
      has = true;
      return;
    }
    if (x0 < minX) minX = x0;
    if (x1 > maxX) maxX = x1;
    if (y0 < minY) minY = y0;
    if (y1 > maxY) maxY = y1;
  }
}
