package dev.brine.columnar.onebrc;

/**
 * The 1BRC row as golden files were written with it: a file's header holds the record class's name,
 * so this name stays where the 1BRC code lived before it moved to brine-cli ({@code
 * dev.brine.cli.onebrc}). Readers do not compare the name, so files written by either read alike.
 *
 * @param station the station name
 * @param temperature degrees Celsius, one decimal
 */
public record Measurement(String station, double temperature) {}
