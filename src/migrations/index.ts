// Every schema change, in order. Each context adds its migration class here; they run at start.
export const MIGRATIONS = [];
