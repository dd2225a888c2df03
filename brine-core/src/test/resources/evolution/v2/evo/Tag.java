package evo;

/** Not final in v2 (v1's is): its arrays hold tagged values here, declared slots there. */
public class Tag {
  public String name;
  public int weight;
}
