package dev.brine.columnar;

/**
 * What a recovering reader found after the last complete block of a file without a valid footer
 * (a writer that was killed, a truncated copy).
 *
 * @param offset file offset where readable data ends
 * @param bytes bytes ignored from {@code offset} to the end of the file
 * @param completeBlocks blocks recovered before {@code offset}
 * @param reason why reading stopped there (what and where)
 */
public record TornTail(long offset, long bytes, int completeBlocks, String reason) {
  @Override
  public String toString() {
    return "torn tail at offset " + offset + " (" + bytes + " bytes ignored, " + completeBlocks
        + " complete blocks kept): " + reason;
  }
}
