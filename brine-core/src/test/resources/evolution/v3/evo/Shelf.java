package evo;

import java.util.EnumSet;
import java.util.List;

/** v3: labels removed. */
public final class Shelf {
  public EnumSet<Status> statuses;
  public Status[] history;
  public Address[] addresses;
  public Object any;
  public List<Object> things;
  public String after;
}
