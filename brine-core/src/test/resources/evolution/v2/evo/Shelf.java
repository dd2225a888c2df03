package evo;

import java.util.EnumMap;
import java.util.EnumSet;
import java.util.List;

/** v2: fields reordered, two added (one an array of Gadget, a class only v2 has). */
public final class Shelf {
  public String after;
  public List<Object> things;
  public Gadget[] gadgets;
  public Object any;
  public Address[] addresses;
  public Point[][] grid;
  public Status[] history;
  public EnumMap<Status, String> labels;
  public EnumSet<Status> statuses;
}
