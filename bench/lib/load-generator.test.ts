import { describe, expect, it } from "vitest";
import { beaconWrkScript, parseWrkOutput, wrkScript } from "./load-generator";

const WRK_OUTPUT = `Running 15s test @ http://127.0.0.1:40123/article/7
  1 threads and 50 connections
  Thread Stats   Avg      Stdev     Max   +/- Stdev
    Latency     6.12ms    1.40ms  48.20ms   91.05%
    Req/Sec     8.21k   312.44     8.70k    80.00%
  Latency Distribution
     50%  850.00us
     75%    6.30ms
     90%    7.01ms
     99%    1.20s
  122655 requests in 15.00s, 868.47MB read
  Socket errors: connect 0, read 2, write 0, timeout 3
  Non-2xx or 3xx responses: 4
Requests/sec:   8176.35
Transfer/sec:     57.90MB
`;

describe("parseWrkOutput", () => {
  it("reads requests/s, the 50% and 99% latencies in their units, errors and non-2xx answers", () => {
    expect(parseWrkOutput(WRK_OUTPUT)).toEqual({
      requestsPerSecond: 8176.35,
      requests: 122655,
      p50Ms: 0.85,
      p99Ms: 1200,
      errors: 5,
      timeouts: 3,
      non2xx: 4,
    });
  });

  it("counts no errors when wrk prints none", () => {
    const clean = WRK_OUTPUT.replace(/ {2}Socket errors.*\n/, "").replace(/ {2}Non-2xx.*\n/, "");
    expect(parseWrkOutput(clean)).toMatchObject({ errors: 0, non2xx: 0 });
  });

  it("takes latencies as unbounded when every response was slower than the timeout", () => {
    const allSlow = WRK_OUTPUT.replace(/ {5}(50|75|90|99)%.*\n/g, (line) => line.replace(/\S+\n$/, "0.00us\n"));
    expect(parseWrkOutput(allSlow)).toMatchObject({
      p50Ms: Number.POSITIVE_INFINITY,
      p99Ms: Number.POSITIVE_INFINITY,
      timeouts: 3,
    });
  });

  it("refuses output without a latency distribution", () => {
    expect(() => parseWrkOutput(WRK_OUTPUT.replace(/ {5}50%.*\n/, ""))).toThrow(/50%/);
  });
});

describe("wrkScript", () => {
  it("sets a browser's headers and requests the one URL when no paths are given", () => {
    const script = wrkScript();
    expect(script).toContain('wrk.headers["Accept-Encoding"] = "gzip, deflate, br, zstd"');
    expect(script).not.toContain("request = function");
  });

  it("requests the given paths in turn, quoted for Lua", () => {
    const script = wrkScript(["/article/1", '/search?query="x"']);
    expect(script).toContain('local paths = {"/article/1", "/search?query=\\"x\\""}');
    expect(script).toContain("return wrk.format(nil, paths[next])");
  });
});

describe("beaconWrkScript", () => {
  const script = beaconWrkScript(
    [
      { path: "/article/7", id: 7 },
      { path: "/article/12", id: 12 },
    ],
    4_000_000,
  );

  it("reads the articles in turn, each page followed by its beacon, numbering visits from the given one", () => {
    expect(script).toContain('local paths = {"/article/7", "/article/12"}');
    expect(script).toContain("local ids = {7, 12}");
    expect(script).toContain("local visit = 4000000");
    expect(script).toContain('return wrk.format("GET", paths[index], headers)');
    expect(script).toContain(`return wrk.format("POST", "/api/views", headers, '{"article":' .. ids[index] .. '}')`);
  });

  it("sends the beacon as the page's script does, each visit from an address of its own and a browser's user agent", () => {
    expect(script).toContain('headers["Content-Type"] = "text/plain;charset=UTF-8"');
    expect(script).toContain('headers["Origin"] = "http://" .. host');
    expect(script).toMatch(/\["X-Forwarded-For"\] = string\.format\("10\.%d\.%d\.%d", .*visit/);
    expect(script).toMatch(/\["User-Agent"\] = "Mozilla\/5\.0 \(X11; Linux x86_64\).*Chrome\//);
    // The host with its port: wrk.format would otherwise send the bare host, which is not the beacon's origin.
    expect(script).toContain('["Host"] = host,');
  });

  it("needs an article", () => {
    expect(() => beaconWrkScript([], 0)).toThrow(/at least one article/);
  });
});
