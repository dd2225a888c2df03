package dev.brine.bench.mediacontent;

import java.io.Serializable;
import java.util.List;
import java.util.Objects;

/** The video of the jvm-serializers MediaContent model. {@code title} and {@code copyright} are nullable. */
public final class Media implements Serializable {
  private static final long serialVersionUID = 1L;

  /** How the media is played. */
  public enum Player {
    /** Java player. */
    JAVA,
    /** Flash player. */
    FLASH
  }

  /** Location. */
  public String uri;
  /** Title, nullable. */
  public String title;
  /** Width in pixels. */
  public int width;
  /** Height in pixels. */
  public int height;
  /** MIME type. */
  public String format;
  /** Duration in ms. */
  public long duration;
  /** Size in bytes. */
  public long size;
  /** Bit rate. */
  public int bitrate;
  /** Whether {@code bitrate} is set. */
  public boolean hasBitrate;
  /** People in the media. */
  public List<String> persons;
  /** Player. */
  public Player player;
  /** Copyright, nullable. */
  public String copyright;

  /** For deserializers. */
  public Media() {
  }

  /**
   * Creates a media.
   *
   * @param uri location
   * @param title title or null
   * @param width width
   * @param height height
   * @param format MIME type
   * @param duration duration
   * @param size size
   * @param bitrate bit rate
   * @param hasBitrate whether the bit rate is set
   * @param persons people
   * @param player player
   * @param copyright copyright or null
   */
  public Media(String uri, String title, int width, int height, String format, long duration, long size, int bitrate,
      boolean hasBitrate, List<String> persons, Player player, String copyright) {
    this.uri = uri;
    this.title = title;
    this.width = width;
    this.height = height;
    this.format = format;
    this.duration = duration;
    this.size = size;
    this.bitrate = bitrate;
    this.hasBitrate = hasBitrate;
    this.persons = persons;
    this.player = player;
    this.copyright = copyright;
  }

  @Override
  public boolean equals(Object o) {
    if (!(o instanceof Media)) {
      return false;
    }
    Media m = (Media) o;
    return width == m.width && height == m.height && duration == m.duration && size == m.size
        && bitrate == m.bitrate && hasBitrate == m.hasBitrate && Objects.equals(uri, m.uri)
        && Objects.equals(title, m.title) && Objects.equals(format, m.format) && Objects.equals(persons, m.persons)
        && player == m.player && Objects.equals(copyright, m.copyright);
  }

  @Override
  public int hashCode() {
    return Objects.hash(uri, title, width, height, format, duration, size, bitrate, hasBitrate, persons, player,
        copyright);
  }

  @Override
  public String toString() {
    return "Media{uri=" + uri + ", title=" + title + ", " + width + "x" + height + ", format=" + format
        + ", duration=" + duration + ", size=" + size + ", bitrate=" + bitrate + "/" + hasBitrate + ", persons="
        + persons + ", player=" + player + ", copyright=" + copyright + "}";
  }
}
