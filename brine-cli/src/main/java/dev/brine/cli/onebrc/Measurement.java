package dev.brine.cli.onebrc;

/**
 * One 1BRC row: a weather station name and a temperature with one decimal.
 *
 * @param station the station name (UTF-8 in files)
 * @param temperature degrees Celsius, -99.9 .. 99.9 with one decimal
 */
public record Measurement(String station, double temperature) {}
