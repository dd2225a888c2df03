package evo;

public enum Status { INACTIVE, ACTIVE, PENDING, ARCHIVED }
