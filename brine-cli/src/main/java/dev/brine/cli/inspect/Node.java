package dev.brine.cli.inspect;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * One decoded piece of a payload: where it starts and ends, its role in the enclosing value (an element index, a
 * map key, a comparator, a class descriptor…), what it is (a type with its wire id) and its value or a summary,
 * and the pieces inside it. The decoders build the tree; printers (text today, others later) only read it.
 */
public final class Node {
  private final int offset;
  private int end = -1;
  private final String role;
  private final String type;
  private String text = "";
  private int referenceIndex = -1;
  private final List<Node> children = new ArrayList<>();
  private final int maxChildren;
  private int omitted;
  private Node lastOmitted;

  /**
   * A node whose end is not known yet.
   *
   * @param offset where it starts (from the start of the input)
   * @param role its role in the parent, or "" (e.g. {@code [3]}, {@code key}, {@code comparator})
   * @param type what it is, e.g. {@code ArrayList (type 25)}
   * @param maxChildren children kept for printing; later ones are counted only
   */
  Node(int offset, String role, String type, int maxChildren) {
    this.offset = offset;
    this.role = role;
    this.type = type;
    this.maxChildren = maxChildren;
  }

  /** Adds a child (kept if fewer than the maximum are kept, else counted) and returns it. */
  Node add(Node child) {
    if (children.size() < maxChildren) {
      children.add(child);
    } else {
      omitted++;
      lastOmitted = child;
    }
    return child;
  }

  void end(int end) {
    this.end = end;
  }

  void text(String text) {
    this.text = text;
  }

  void referenceIndex(int index) {
    this.referenceIndex = index;
  }

  /**
   * Where the piece starts.
   *
   * @return offset from the start of the input
   */
  public int offset() {
    return offset;
  }

  /**
   * Where the piece ends.
   *
   * @return the offset after its last byte, or -1 if decoding stopped inside it
   */
  public int end() {
    return end;
  }

  /**
   * The piece's role in the value around it.
   *
   * @return e.g. {@code [3]}, {@code key}, {@code value}, {@code element class}, or ""
   */
  public String role() {
    return role;
  }

  /**
   * What the piece is.
   *
   * @return e.g. {@code String (type 10)}, {@code chunk}
   */
  public String type() {
    return type;
  }

  /**
   * The piece's value, or a summary of its contents.
   *
   * @return e.g. {@code "Oslo"}, {@code 3 elements}, or ""
   */
  public String text() {
    return text;
  }

  /**
   * The index later back-references use for this value (with references on).
   *
   * @return the index, or -1 if the value gets none
   */
  public int referenceIndex() {
    return referenceIndex;
  }

  /**
   * The pieces inside, as far as they are kept (see {@link #omitted()}).
   *
   * @return the children in input order
   */
  public List<Node> children() {
    return Collections.unmodifiableList(children);
  }

  /**
   * How many children were decoded but not kept.
   *
   * @return the count
   */
  public int omitted() {
    return omitted;
  }

  /**
   * The last child that was not kept, if decoding stopped inside it (so a printer can still show where).
   *
   * @return that child, or null
   */
  public Node unfinishedOmitted() {
    return lastOmitted != null && lastOmitted.end < 0 ? lastOmitted : null;
  }
}
