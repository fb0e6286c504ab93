/** Reads all of standard input as text. */
export async function readStandardInput(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

/** Asks for a line on the terminal without echoing it (for passwords). Ctrl-C cancels. */
export function readHiddenLine(prompt: string): Promise<string> {
  const input = process.stdin;
  process.stdout.write(prompt);
  return new Promise((resolve, reject) => {
    let line = "";
    const finish = (error?: Error) => {
      input.setRawMode(false);
      input.pause();
      input.off("data", onData);
      process.stdout.write("\n");
      if (error) reject(error);
      else resolve(line);
    };
    const onData = (chunk: Buffer) => {
      for (const char of chunk.toString("utf8")) {
        if (char === "\r" || char === "\n" || char === "\u0004") return finish();
        if (char === "\u0003") return finish(new Error("cancelled at the password prompt"));
        if (char === "\u007f" || char === "\b") line = line.slice(0, -1);
        else if (char >= " ") line += char;
      }
    };
    input.setRawMode(true);
    input.resume();
    input.on("data", onData);
  });
}
