package dev.brine.bench.mediacontent;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/** The jvm-serializers MediaContent workload: one {@link Media} and a list of {@link Image}s. */
public final class MediaContent implements Serializable {
  private static final long serialVersionUID = 1L;

  /** The media. */
  public Media media;
  /** The images. */
  public List<Image> images;

  /** For deserializers. */
  public MediaContent() {
  }

  /**
   * Creates a media content.
   *
   * @param media the media
   * @param images the images
   */
  public MediaContent(Media media, List<Image> images) {
    this.media = media;
    this.images = images;
  }

  /**
   * The standard jvm-serializers instance: the JavaOne keynote video and two images (large and small).
   *
   * @return a new instance with mutable lists
   */
  public static MediaContent create() {
    List<String> persons = new ArrayList<>(List.of("Bill Gates", "Steve Jobs"));
    Media media = new Media("http://javaone.com/keynote.mpg", "Javaone Keynote", 640, 480, "video/mpg4",
        18_000_000L, 58_982_400L, 262_144, true, persons, Media.Player.JAVA, null);
    List<Image> images = new ArrayList<>();
    images.add(new Image("http://javaone.com/keynote_large.jpg", "Javaone Keynote", 1024, 768, Image.Size.LARGE));
    images.add(new Image("http://javaone.com/keynote_small.jpg", "Javaone Keynote", 320, 240, Image.Size.SMALL));
    return new MediaContent(media, images);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof MediaContent && Objects.equals(media, ((MediaContent) o).media)
        && Objects.equals(images, ((MediaContent) o).images);
  }

  @Override
  public int hashCode() {
    return Objects.hash(media, images);
  }

  @Override
  public String toString() {
    return "MediaContent{" + media + ", " + images + "}";
  }
}
