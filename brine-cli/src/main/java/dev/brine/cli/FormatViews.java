package dev.brine.cli;

import dev.brine.BrineException;
import dev.brine.json.JsonValues;
import dev.brine.protobuf.RawProto;

/** The other formats' views for {@code inspect}: {@code --proto} (raw protobuf) and {@code --json}. */
final class FormatViews {
  private FormatViews() {
  }

  /** Prints raw protobuf fields; 1 (with the error and its offset) if the bytes are not a message. */
  static int protoRaw(byte[] bytes) {
    try {
      System.out.print(RawProto.decodeRaw(bytes));
      return 0;
    } catch (BrineException e) {
      System.out.println("invalid: " + e.getMessage());
      return 1;
    }
  }

  /** A decoded value as JSON. */
  static String json(Object value) {
    return JsonValues.toJson(value);
  }
}
