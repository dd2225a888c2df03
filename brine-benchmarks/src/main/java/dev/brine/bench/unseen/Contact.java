package dev.brine.bench.unseen;

/**
 * A record of four strings and an int, in one of three kinds of text that is not Latin-1 (strings of
 * chars up to U+00FF take the Latin-1 path, which the other workloads measure): {@code cyrillic} (two-byte
 * sequences in UTF-8, written as UTF-16), {@code accented} (mostly ASCII with a few wide chars: dashes,
 * Polish letters, a check mark; written as UTF-8) and {@code cjk} (three-byte sequences, UTF-16).
 *
 * @param name a first name
 * @param surname a surname
 * @param city a city
 * @param note a sentence
 * @param age an age
 */
public record Contact(String name, String surname, String city, String note, int age) implements java.io.Serializable {
  /**
   * The benchmark's value.
   *
   * @param text {@code cyrillic}, {@code accented} or {@code cjk}
   * @return a contact written in that kind of text
   */
  public static Contact create(String text) {
    return switch (text) {
      case "cyrillic" -> new Contact("Анна", "Каренина", "Москва, Россия", "Все счастливые семьи похожи друг на друга", 28);
      case "accented" -> new Contact("Jan", "Łukasiewicz", "Warsaw – Poland", "Notation without brackets – 1924 paper ✓", 41);
      case "cjk" -> new Contact("太郎", "山田", "東京都渋谷区", "吾輩は猫である。名前はまだ無い。", 30);
      default -> throw new IllegalArgumentException("unknown text " + text);
    };
  }
}
