import { describe, expect, test } from "vitest";
import { axisTicks } from "./daily-visits-chart.tsx";

describe("axisTicks", () => {
  test.each([
    [0, [0, 1]],
    [1, [0, 1]],
    [3, [0, 1, 2, 3]],
    [7, [0, 2, 4, 6, 8]],
    [10, [0, 5, 10]],
    [37, [0, 10, 20, 30, 40]],
    [1234, [0, 500, 1000, 1500]],
  ])("max %i gives round gridlines %j", (max, ticks) => {
    expect(axisTicks(max)).toEqual(ticks);
  });
});
