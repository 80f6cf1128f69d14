// Placeholder written by the lead; the database helper replaces it with the PostgreSQL check.
export default function setup() {}
