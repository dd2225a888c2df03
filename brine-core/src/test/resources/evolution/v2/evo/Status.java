package evo;

public enum Status { PENDING, INACTIVE, ACTIVE }
