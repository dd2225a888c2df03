package dev.brine.bench.report;

import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javax.imageio.ImageIO;
import org.knowm.xchart.BitmapEncoder;

/**
 * A PNG of several {@link BarPanel}s in a grid under one title, with caption lines (what was run, when) at the
 * bottom: one panel per workload, so each has its own scale and no workload squashes another.
 */
public final class Figure {
  private static final int PANEL_WIDTH = 760;
  private static final int PANEL_HEIGHT = 460;
  private static final int TITLE_HEIGHT = 44;
  private static final int CAPTION_LINE = 20;

  private Figure() {}

  /**
   * Writes the figure.
   *
   * @param png target file (parent directories are created)
   * @param title the figure's title
   * @param panels the panels, in reading order (empty ones are left out)
   * @param caption lines under the panels (e.g. the command and the date)
   * @return false if no panel had anything to draw (then no file is written)
   * @throws IOException on write failure
   */
  public static boolean write(Path png, String title, List<BarPanel> panels, List<String> caption) throws IOException {
    System.setProperty("java.awt.headless", "true");
    List<BarPanel> drawn = new ArrayList<>();
    for (BarPanel p : panels) {
      if (!p.isEmpty()) {
        drawn.add(p);
      }
    }
    if (drawn.isEmpty()) {
      return false;
    }
    int columns = drawn.size() == 1 ? 1 : 2;
    int maxCategories = drawn.stream().mapToInt(p -> p.categories().size()).max().orElse(1);
    int panelWidth = Math.max(PANEL_WIDTH, Math.min(2400, 140 + maxCategories * 70));
    if (columns == 2 && panelWidth > PANEL_WIDTH) {
      columns = 1;
    }
    int rows = (drawn.size() + columns - 1) / columns;
    int width = columns * panelWidth;
    int height = TITLE_HEIGHT + rows * PANEL_HEIGHT + caption.size() * CAPTION_LINE + 12;
    BufferedImage image = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
    Graphics2D g = image.createGraphics();
    try {
      g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
      g.setColor(Color.WHITE);
      g.fillRect(0, 0, width, height);
      g.setColor(Color.BLACK);
      g.setFont(new Font(Font.SANS_SERIF, Font.BOLD, 18));
      g.drawString(title, 12, 28);
      for (int i = 0; i < drawn.size(); i++) {
        BufferedImage panel = BitmapEncoder.getBufferedImage(drawn.get(i).chart(panelWidth, PANEL_HEIGHT));
        g.drawImage(panel, (i % columns) * panelWidth, TITLE_HEIGHT + (i / columns) * PANEL_HEIGHT, null);
      }
      g.setColor(Color.DARK_GRAY);
      g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 13));
      int y = TITLE_HEIGHT + rows * PANEL_HEIGHT + 16;
      for (String line : caption) {
        g.drawString(line, 12, y);
        y += CAPTION_LINE;
      }
    } finally {
      g.dispose();
    }
    Files.createDirectories(png.toAbsolutePath().getParent());
    if (!ImageIO.write(image, "png", png.toFile())) {
      throw new IOException(png + ": no PNG writer");
    }
    return true;
  }
}
