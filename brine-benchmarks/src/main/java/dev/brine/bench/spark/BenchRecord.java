package dev.brine.bench.spark;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The record of the Spark job suite: strings, numbers, a list and a map, like an order line. A
 * mutable POJO with a no-arg constructor and {@code Serializable}, so all three serializers can move
 * it with their usual setup.
 */
public final class BenchRecord implements Serializable {
  private static final long serialVersionUID = 1L;

  private static final String[] CITIES = {"Abha", "Accra", "Addis Ababa", "Adelaide", "Aden", "Ahvaz",
      "Albuquerque", "Alexandria", "Algiers", "Alice Springs", "Almaty", "Amsterdam", "Anadyr",
      "Anchorage", "Andorra la Vella", "Ankara", "Antananarivo", "Antsiranana", "Arkhangelsk", "Ashgabat",
      "Asmara", "Assab", "Astana", "Athens", "Atlanta", "Auckland", "Austin", "Baghdad", "Baguio", "Baku",
      "Baltimore", "Bamako", "Bangkok", "Bangui", "Banjul", "Barcelona", "Bata", "Batumi", "Beijing",
      "Beirut", "Belgrade", "Belize City", "Benghazi", "Bergen", "Berlin", "Bilbao", "Birao", "Bishkek",
      "Bissau", "Blantyre", "Zürich", "São Paulo", "Kraków", "Malmö"};
  private static final String[] TAGS = {"gift", "express", "fragile", "bulk", "return", "priority"};

  long id;
  String customer;
  String city;
  double amount;
  int quantity;
  List<String> tags;
  Map<String, Long> attrs;

  /** For deserializers. */
  public BenchRecord() {}

  /** The deterministic record number {@code id}. */
  public static BenchRecord of(long id) {
    BenchRecord r = new BenchRecord();
    long h = mix(id);
    r.id = id;
    r.customer = "customer-" + (h >>> 40) % 100_000;
    r.city = CITIES[(int) ((h >>> 8) % CITIES.length)];
    r.amount = ((h >>> 20) % 1_000_000) / 100.0;
    r.quantity = (int) ((h >>> 4) % 50) + 1;
    int n = (int) (h & 3);
    r.tags = new ArrayList<>(n);
    r.attrs = new HashMap<>();
    for (int i = 0; i < n; i++) {
      r.tags.add(TAGS[(int) ((h >>> (12 + i * 3)) % TAGS.length)]);
      r.attrs.put("a" + i, (h >>> (i * 5)) & 0xFFFF);
    }
    return r;
  }

  private static long mix(long x) {
    x = (x ^ (x >>> 30)) * 0xbf58476d1ce4e5b9L;
    x = (x ^ (x >>> 27)) * 0x94d049bb133111ebL;
    return (x ^ (x >>> 31)) & Long.MAX_VALUE;
  }

  /** The record number. */
  public long id() {
    return id;
  }

  /** The customer name (about 100,000 distinct). */
  public String customer() {
    return customer;
  }

  /** The city (54 distinct). */
  public String city() {
    return city;
  }

  /** The amount, 0 to 9999.99. */
  public double amount() {
    return amount;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof BenchRecord r && r.id == id && r.quantity == quantity && Double.compare(r.amount, amount) == 0
        && Objects.equals(r.customer, customer) && Objects.equals(r.city, city) && Objects.equals(r.tags, tags)
        && Objects.equals(r.attrs, attrs);
  }

  @Override
  public int hashCode() {
    return Long.hashCode(id);
  }
}
