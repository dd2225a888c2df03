package evo;

import java.util.List;

public final class Gadget {
  public String kind;
  public List<Integer> sizes;
  public Address where;
}
