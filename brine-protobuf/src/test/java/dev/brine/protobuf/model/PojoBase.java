package dev.brine.protobuf.model;

/** A superclass with a private field. */
public class PojoBase {
  private long id;

  protected PojoBase(long id) {
    this.id = id;
  }

  public long id() {
    return id;
  }
}
