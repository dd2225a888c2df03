package dev.brine.bench.mediacontent;

import dev.brine.bench.support.HandReader;
import dev.brine.bench.support.HandWriter;
import java.util.ArrayList;
import java.util.List;

/**
 * Hand-written MediaContent serializer: the practical limit. Layout (little-endian, no header): media fields in
 * declaration order (strings as varint length+1 then UTF-8, ints/longs fixed width, enums as one byte ordinal,
 * persons as varint count then strings), then varint image count and each image's fields.
 *
 * <p>Writes into one reused buffer and returns an exact-size copy, like the libraries do.
 */
public final class MediaContentHandwritten {
  private static final Media.Player[] PLAYERS = Media.Player.values();
  private static final Image.Size[] SIZES = Image.Size.values();

  private final HandWriter w = new HandWriter(512);

  /**
   * Serializes.
   *
   * @param c the content
   * @return exact-size bytes
   */
  public byte[] write(MediaContent c) {
    HandWriter w = this.w;
    w.reset();
    Media m = c.media;
    w.writeString(m.uri);
    w.writeString(m.title);
    w.writeInt32(m.width);
    w.writeInt32(m.height);
    w.writeString(m.format);
    w.writeInt64(m.duration);
    w.writeInt64(m.size);
    w.writeInt32(m.bitrate);
    w.writeInt8(m.hasBitrate ? 1 : 0);
    List<String> persons = m.persons;
    int n = persons.size();
    w.writeVarUInt32(n);
    for (int i = 0; i < n; i++) {
      w.writeString(persons.get(i));
    }
    w.writeInt8(m.player.ordinal());
    w.writeString(m.copyright);
    List<Image> images = c.images;
    n = images.size();
    w.writeVarUInt32(n);
    for (int i = 0; i < n; i++) {
      Image img = images.get(i);
      w.writeString(img.uri);
      w.writeString(img.title);
      w.writeInt32(img.width);
      w.writeInt32(img.height);
      w.writeInt8(img.size.ordinal());
    }
    return w.toByteArray();
  }

  /**
   * Deserializes.
   *
   * @param bytes payload from {@link #write(MediaContent)}
   * @return the content
   * @throws IllegalArgumentException on truncated or malformed input
   */
  public MediaContent read(byte[] bytes) {
    HandReader r = new HandReader(bytes);
    Media m = new Media();
    m.uri = r.readString();
    m.title = r.readString();
    m.width = r.readInt32();
    m.height = r.readInt32();
    m.format = r.readString();
    m.duration = r.readInt64();
    m.size = r.readInt64();
    m.bitrate = r.readInt32();
    m.hasBitrate = r.readInt8() != 0;
    int n = count(r, bytes.length);
    List<String> persons = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      persons.add(r.readString());
    }
    m.persons = persons;
    m.player = PLAYERS[ordinal(r, PLAYERS.length)];
    m.copyright = r.readString();
    n = count(r, bytes.length);
    List<Image> images = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      Image img = new Image();
      img.uri = r.readString();
      img.title = r.readString();
      img.width = r.readInt32();
      img.height = r.readInt32();
      img.size = SIZES[ordinal(r, SIZES.length)];
      images.add(img);
    }
    return new MediaContent(m, images);
  }

  private static int count(HandReader r, int limit) {
    int n = r.readVarUInt32();
    if (n < 0 || n > limit) {
      throw new IllegalArgumentException("bad element count " + n);
    }
    return n;
  }

  private static int ordinal(HandReader r, int values) {
    int o = r.readInt8();
    if (o < 0 || o >= values) {
      throw new IllegalArgumentException("bad enum ordinal " + o);
    }
    return o;
  }
}
