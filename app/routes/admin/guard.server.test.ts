import { describe, expect, it } from "vitest";
import { data } from "react-router";
import { endSessionCookie } from "~/services/auth/session-cookie.server";
import { keepFormWhenSignedOut } from "./guard.server";

describe("keepFormWhenSignedOut", () => {
  const signInRequired = { signInRequired: true, noAdminYet: false };

  it("answers the guard's 401 instead of throwing it, with its status and the cookie it clears", async () => {
    const cleared = await endSessionCookie("http://localhost:3000");
    const answer = await keepFormWhenSignedOut(() => {
      throw data(signInRequired, { status: 401, headers: { "Set-Cookie": cleared } });
    });
    expect(answer).toMatchObject({ data: signInRequired, init: { status: 401, headers: { "Set-Cookie": cleared } } });
  });

  it("passes on what the save answers, and throws on whatever else it throws", async () => {
    expect(await keepFormWhenSignedOut(() => Promise.resolve("saved"))).toBe("saved");
    const forbidden = data("Your role does not allow this. Ask an editor or an administrator.", { status: 403 });
    await expect(keepFormWhenSignedOut(() => Promise.reject(forbidden))).rejects.toBe(forbidden);
    const fault = new Error("the database went away");
    await expect(keepFormWhenSignedOut(() => Promise.reject(fault))).rejects.toBe(fault);
  });
});
