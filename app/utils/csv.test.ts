import { describe, expect, it } from "vitest";
import { csvDocument, csvField } from "./csv";

describe("csvField", () => {
  it("leaves plain text alone and quotes text with commas, quotes or line breaks", () => {
    expect(csvField("reader@example.com")).toBe("reader@example.com");
    expect(csvField("a,b")).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField("two\nlines")).toBe('"two\nlines"');
  });

  it("keeps a spreadsheet from reading a field as a formula", () => {
    expect(csvField('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvField("+1@example.com")).toBe("'+1@example.com");
    expect(csvField("-x@example.com")).toBe("'-x@example.com");
    expect(csvField("@sum")).toBe("'@sum");
  });
});

describe("csvDocument", () => {
  it("writes the header and rows with CRLF line ends", () => {
    expect(csvDocument(["email", "status"], [["a@example.com", "active"]])).toBe("email,status\r\na@example.com,active\r\n");
  });
});
