package dev.brine.bench.mediacontent;

import dev.brine.bench.proto.ImageProto;
import dev.brine.bench.proto.MediaContentProto;
import dev.brine.bench.proto.MediaProto;
import java.util.ArrayList;
import java.util.List;

/** Converts {@link MediaContent} to and from protobuf messages; part of protobuf's measured cost. */
public final class MediaContentProtoConverter {
  private MediaContentProtoConverter() {
  }

  /**
   * Builds the message.
   *
   * @param c the content
   * @return the message
   */
  public static MediaContentProto toProto(MediaContent c) {
    Media m = c.media;
    MediaProto.Builder mb = MediaProto.newBuilder().setUri(m.uri).setWidth(m.width).setHeight(m.height)
        .setFormat(m.format).setDuration(m.duration).setSize(m.size).setBitrate(m.bitrate)
        .setHasBitrate(m.hasBitrate).addAllPersons(m.persons)
        .setPlayer(m.player == Media.Player.JAVA ? MediaProto.Player.JAVA : MediaProto.Player.FLASH);
    if (m.title != null) {
      mb.setTitle(m.title);
    }
    if (m.copyright != null) {
      mb.setCopyright(m.copyright);
    }
    MediaContentProto.Builder b = MediaContentProto.newBuilder().setMedia(mb);
    for (Image i : c.images) {
      ImageProto.Builder ib = ImageProto.newBuilder().setUri(i.uri).setWidth(i.width).setHeight(i.height)
          .setSize(i.size == Image.Size.SMALL ? ImageProto.Size.SMALL : ImageProto.Size.LARGE);
      if (i.title != null) {
        ib.setTitle(i.title);
      }
      b.addImages(ib);
    }
    return b.build();
  }

  /**
   * Reads the message back.
   *
   * @param p the message
   * @return the content
   */
  public static MediaContent fromProto(MediaContentProto p) {
    MediaProto mp = p.getMedia();
    Media m = new Media(mp.getUri(), mp.hasTitle() ? mp.getTitle() : null, mp.getWidth(), mp.getHeight(),
        mp.getFormat(), mp.getDuration(), mp.getSize(), mp.getBitrate(), mp.getHasBitrate(),
        new ArrayList<>(mp.getPersonsList()),
        mp.getPlayer() == MediaProto.Player.JAVA ? Media.Player.JAVA : Media.Player.FLASH,
        mp.hasCopyright() ? mp.getCopyright() : null);
    List<Image> images = new ArrayList<>(p.getImagesCount());
    for (ImageProto ip : p.getImagesList()) {
      images.add(new Image(ip.getUri(), ip.hasTitle() ? ip.getTitle() : null, ip.getWidth(), ip.getHeight(),
          ip.getSize() == ImageProto.Size.SMALL ? Image.Size.SMALL : Image.Size.LARGE));
    }
    return new MediaContent(m, images);
  }
}
