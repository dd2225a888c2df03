package dev.brine.protobuf;

import dev.brine.BrineException;
import dev.brine.LimitExceededException;
import dev.brine.protobuf.wire.ProtoReader;
import dev.brine.protobuf.wire.Wire;
import java.nio.charset.StandardCharsets;

/**
 * Decodes protobuf bytes without a schema, as {@code protoc --decode_raw} does: each field as {@code
 * number: value}; varints in decimal, 4- and 8-byte values in hex, a length-delimited value as a
 * nested message {@code number { ... }} when its bytes parse as one, else as a quoted string
 * (escaped where not printable UTF-8).
 */
public final class RawProto {
  private static final int MAX_DEPTH = 64;

  private RawProto() {
  }

  /**
   * The fields of {@code bytes}, one per line, nested messages indented.
   *
   * @throws BrineException if the bytes are not a protobuf message (with the offset)
   */
  public static String decodeRaw(byte[] bytes) {
    StringBuilder out = new StringBuilder();
    print(new ProtoReader(bytes, 0, bytes.length), out, 0);
    return out.toString();
  }

  private static void print(ProtoReader r, StringBuilder out, int depth) {
    if (depth > MAX_DEPTH) {
      throw new LimitExceededException("protobuf: messages nested deeper than " + MAX_DEPTH);
    }
    String indent = "  ".repeat(depth);
    while (!r.atEnd()) {
      int tag = r.readTag();
      int n = tag >>> 3;
      switch (tag & 7) {
        case Wire.VARINT:
          out.append(indent).append(n).append(": ").append(Long.toUnsignedString(r.readVarint64())).append('\n');
          break;
        case Wire.I64:
          out.append(indent).append(n).append(": ").append(String.format("0x%016x", r.readFixed64())).append('\n');
          break;
        case Wire.I32:
          out.append(indent).append(n).append(": ").append(String.format("0x%08x", r.readFixed32())).append('\n');
          break;
        case Wire.LEN: {
          int len = r.readLength();
          int from = r.pos;
          String nested = nested(r.buf, from, len, depth + 1);
          if (nested != null) {
            out.append(indent).append(n).append(" {\n").append(nested).append(indent).append("}\n");
          } else {
            out.append(indent).append(n).append(": \"").append(escape(r.buf, from, len)).append("\"\n");
          }
          r.pos = from + len;
          break;
        }
        case Wire.SGROUP: {
          out.append(indent).append(n).append(" {\n");
          int start = r.pos;
          r.skipField(tag); // checks the group is well-formed and ends
          int end = r.pos;
          StringBuilder inner = new StringBuilder();
          ProtoReader g = new ProtoReader(r.buf, start, end - start);
          // print the group's fields up to its end-group tag
          printGroup(g, inner, depth + 1, n);
          out.append(inner).append(indent).append("}\n");
          break;
        }
        default:
          throw r.malformed("protobuf: unexpected wire type " + (tag & 7) + " (field " + n + ")", r.pos);
      }
    }
  }

  private static void printGroup(ProtoReader g, StringBuilder out, int depth, int number) {
    // the group's bytes end with its end-group tag: print a copy without it
    int endTagSize = Wire.varint32Size(Wire.tag(number, Wire.EGROUP));
    byte[] body = java.util.Arrays.copyOfRange(g.buf, g.pos, g.limit - endTagSize);
    print(new ProtoReader(body, 0, body.length), out, depth);
  }

  private static String nested(byte[] b, int from, int len, int depth) {
    if (len == 0) {
      return null;
    }
    try {
      StringBuilder s = new StringBuilder();
      print(new ProtoReader(java.util.Arrays.copyOfRange(b, from, from + len), 0, len), s, depth);
      return s.toString();
    } catch (LimitExceededException e) {
      throw e;
    } catch (BrineException e) {
      return null;
    }
  }

  private static String escape(byte[] b, int from, int len) {
    String s = new String(b, from, len, StandardCharsets.UTF_8);
    boolean utf8 = s.indexOf('\uFFFD') < 0;
    StringBuilder out = new StringBuilder();
    if (utf8) {
      for (int i = 0; i < s.length(); i++) {
        char c = s.charAt(i);
        if (c == '"' || c == '\\') {
          out.append('\\').append(c);
        } else if (c < 0x20 || c == 0x7F) {
          out.append(String.format("\\%03o", (int) c));
        } else {
          out.append(c);
        }
      }
      return out.toString();
    }
    for (int i = from; i < from + len; i++) {
      int c = b[i] & 0xFF;
      if (c == '"' || c == '\\') {
        out.append('\\').append((char) c);
      } else if (c < 0x20 || c >= 0x7F) {
        out.append(String.format("\\%03o", c));
      } else {
        out.append((char) c);
      }
    }
    return out.toString();
  }
}
