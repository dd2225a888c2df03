package evo;

import java.util.Optional;

public record Widen(long age, double rating, long level, long visits, long bonus, Optional<String> nickname, double small) {}
