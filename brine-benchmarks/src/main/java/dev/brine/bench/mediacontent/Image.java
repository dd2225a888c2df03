package dev.brine.bench.mediacontent;

import java.io.Serializable;
import java.util.Objects;

/** An image of the jvm-serializers MediaContent model. {@code title} is nullable. */
public final class Image implements Serializable {
  private static final long serialVersionUID = 1L;

  /** Image size class. */
  public enum Size {
    /** Small. */
    SMALL,
    /** Large. */
    LARGE
  }

  /** Location. */
  public String uri;
  /** Title, nullable. */
  public String title;
  /** Width in pixels. */
  public int width;
  /** Height in pixels. */
  public int height;
  /** Size class. */
  public Size size;

  /** For deserializers. */
  public Image() {
  }

  /**
   * Creates an image.
   *
   * @param uri location
   * @param title title or null
   * @param width width
   * @param height height
   * @param size size class
   */
  public Image(String uri, String title, int width, int height, Size size) {
    this.uri = uri;
    this.title = title;
    this.width = width;
    this.height = height;
    this.size = size;
  }

  @Override
  public boolean equals(Object o) {
    if (!(o instanceof Image)) {
      return false;
    }
    Image i = (Image) o;
    return width == i.width && height == i.height && Objects.equals(uri, i.uri) && Objects.equals(title, i.title)
        && size == i.size;
  }

  @Override
  public int hashCode() {
    return Objects.hash(uri, title, width, height, size);
  }

  @Override
  public String toString() {
    return "Image{uri=" + uri + ", title=" + title + ", " + width + "x" + height + ", size=" + size + "}";
  }
}
