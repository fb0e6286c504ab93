import { describe, expect, it } from "vitest";
import { UPKEEP_INTERVAL_MS, upkeepDue, type TableActivity } from "./database-upkeep.server";

const quiet: TableActivity = { table: "articles", rows: 10_000, dead: 0, insertedSinceVacuum: 0, changedSinceAnalyze: 0 };

describe("which tables the embedded database's upkeep vacuums or analyses (autovacuum's defaults)", () => {
  it("leaves a table alone until its figures pass a threshold", () => {
    expect(upkeepDue(quiet)).toBeNull();
    expect(upkeepDue({ ...quiet, dead: 2_050, insertedSinceVacuum: 3_000, changedSinceAnalyze: 1_050 })).toBeNull();
  });

  it("analyses a table once the rows changed since its last analysis pass 50 + 10% of its rows", () => {
    expect(upkeepDue({ ...quiet, changedSinceAnalyze: 1_051 })).toBe("analyze");
    expect(upkeepDue({ ...quiet, rows: 0, changedSinceAnalyze: 51 })).toBe("analyze");
  });

  it("vacuums (and analyses) a table once its dead rows pass 50 + 20%, or its new rows 1,000 + 20%", () => {
    expect(upkeepDue({ ...quiet, dead: 2_051 })).toBe("vacuum analyze");
    expect(upkeepDue({ ...quiet, insertedSinceVacuum: 3_001 })).toBe("vacuum analyze");
    expect(upkeepDue({ ...quiet, insertedSinceVacuum: 3_001, changedSinceAnalyze: 3_001 })).toBe("vacuum analyze");
  });

  it("counts a table never vacuumed or analysed (estimated at -1 rows) as empty", () => {
    expect(upkeepDue({ ...quiet, rows: -1, changedSinceAnalyze: 51 })).toBe("analyze");
    expect(upkeepDue({ ...quiet, rows: -1, changedSinceAnalyze: 50 })).toBeNull();
  });

  it("looks every minute, as autovacuum does by default", () => {
    expect(UPKEEP_INTERVAL_MS).toBe(60_000);
  });
});
