package evo;

public final class Address {
  public String city;
}
