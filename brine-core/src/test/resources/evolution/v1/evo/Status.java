package evo;

public enum Status { ACTIVE, INACTIVE }
