package evo;

/** Final in v1, not in v2: its arrays hold declared slots here, tagged values there. */
public final class Tag {
  public String name;
}
