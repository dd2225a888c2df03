package evo;

import java.util.EnumMap;
import java.util.EnumSet;
import java.util.List;

/** Compatible mode's EnumSet, EnumMap and array shapes across versions (CompatibleShapesEvolutionTest). */
public final class Shelf {
  public EnumSet<Status> statuses;
  public EnumMap<Status, String> labels;
  public Status[] history;
  public Address[] addresses;
  public Object any;
  public List<Object> things;
  public String after;
}
