package evo;

public record Point(int x, int y) {}
