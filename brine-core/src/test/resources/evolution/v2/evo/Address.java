package evo;

public final class Address {
  public String country;
  public int zip;
  public String city;
}
