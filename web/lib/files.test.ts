import { describe, expect, it } from "vitest";
import { countError, fileUrl, joinFiles, reportLines, splitFiles, storedPath, uploadError } from "./files";

const png = { name: "a.PNG", type: "image/png", size: 1024 };

describe("file addresses", () => {
  it("reads stored paths through /files and leaves absolute ones", () => {
    expect(fileUrl("/profile/upload/2026/x.png")).toBe("/files/upload/2026/x.png");
    expect(fileUrl("https://cdn.example.com/x.png")).toBe("https://cdn.example.com/x.png");
    expect(fileUrl("")).toBe("");
    expect(fileUrl(null)).toBe("");
  });

  it("strips the API base again for storing", () => {
    expect(storedPath("/files/upload/x.png")).toBe("/profile/upload/x.png");
    expect(storedPath("/profile/upload/x.png")).toBe("/profile/upload/x.png");
  });

  it("splits and joins comma lists", () => {
    expect(splitFiles("/a.png, /b.png,,")).toEqual(["/a.png", "/b.png"]);
    expect(joinFiles(["/a.png", "", "/b.png"])).toBe("/a.png,/b.png");
  });
});

describe("upload checks", () => {
  it("refuses an image of another type with the spec's message", () => {
    const rule = { types: ["png", "jpg", "jpeg"], sizeMb: 5, image: true };
    expect(uploadError(png, rule)).toBeNull();
    expect(uploadError({ ...png, name: "a.gif" }, rule)).toBe("文件格式不正确, 请上传png/jpg/jpeg图片格式文件!");
  });

  it("accepts any image type when the list is empty", () => {
    const rule = { types: [], sizeMb: 5, image: true };
    expect(uploadError({ name: "a.webp", type: "image/webp", size: 1 }, rule)).toBeNull();
    expect(uploadError({ name: "a.txt", type: "text/plain", size: 1 }, rule)).not.toBeNull();
  });

  it("refuses a file type or size with the spec's messages", () => {
    const rule = { types: ["doc", "pdf"], sizeMb: 5 };
    expect(uploadError({ name: "a.exe", type: "", size: 1 }, rule)).toBe("文件格式不正确, 请上传doc/pdf格式文件!");
    expect(uploadError({ name: "a.pdf", type: "", size: 6 * 1024 * 1024 }, rule)).toBe("上传文件大小不能超过 5 MB!");
    const avatar = { types: [], sizeMb: 5, image: true, avatar: true };
    expect(uploadError({ ...png, size: 6 * 1024 * 1024 }, avatar)).toBe("上传头像图片大小不能超过 5 MB!");
  });

  it("counts against the limit", () => {
    expect(countError(4, 1, 5)).toBeNull();
    expect(countError(4, 2, 5)).toBe("上传文件数量不能超过 5 个!");
  });
});

describe("import report", () => {
  it("splits the server's <br/> lines into text", () => {
    expect(reportLines("恭喜您，数据已全部导入成功！共 2 条，数据如下：<br/>1、账号 a 导入成功<BR>2、账号 <b>x</b> 导入成功")).toEqual([
      "恭喜您，数据已全部导入成功！共 2 条，数据如下：",
      "1、账号 a 导入成功",
      "2、账号 <b>x</b> 导入成功",
    ]);
    expect(reportLines(undefined)).toEqual([]);
  });
});
