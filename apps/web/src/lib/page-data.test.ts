import { beforeEach, describe, expect, it, vi } from "vitest";

/** Each test loads the module anew: the data is read once per page load. */
async function load() {
  vi.resetModules();
  return import("./page-data.ts");
}

function inline(body: string, id = "vz-page-data") {
  const el = document.createElement("script");
  el.id = id;
  el.type = "application/json";
  el.textContent = body;
  document.body.append(el);
}

const readTitle = (body: unknown) => {
  const title = (body as { data?: { title?: unknown } } | null)?.data?.title;
  return typeof title === "string" ? title : null;
};

describe("takePageData", () => {
  beforeEach(() => {
    document.body.innerHTML = "";
    window.history.replaceState(null, "", "/ver-activo/a1");
  });

  it("reads the inlined data once, for the page it came with, and removes it", async () => {
    inline(JSON.stringify({ data: { title: "Bicicleta" } }));
    const { takePageData } = await load();
    expect(takePageData("/ver-activo/a1", readTitle)).toBe("Bicicleta");
    expect(document.getElementById("vz-page-data")).toBeNull();
    inline(JSON.stringify({ data: { title: "Otra" } }));
    expect(takePageData("/ver-activo/a1", readTitle)).toBeUndefined();
  });

  it("reads each block by its id, once each", async () => {
    inline(JSON.stringify({ data: { title: "Sofá" } }));
    inline(JSON.stringify({ data: { title: "Donación" } }), "vz-page-donation");
    const { takePageData } = await load();
    expect(takePageData("/ver-activo/a1", readTitle, "vz-page-donation")).toBe("Donación");
    expect(takePageData("/ver-activo/a1", readTitle, "vz-page-donation")).toBeUndefined();
    expect(takePageData("/ver-activo/a1", readTitle)).toBe("Sofá");
  });

  it("is stale after navigating elsewhere", async () => {
    inline(JSON.stringify({ data: { title: "Bicicleta" } }));
    const { takePageData } = await load();
    expect(takePageData("/ver-activo/otro", readTitle)).toBeUndefined();
    // Still there for its own page.
    expect(takePageData("/ver-activo/a1", readTitle)).toBe("Bicicleta");
  });

  it("gives nothing for missing, malformed or unreadable data", async () => {
    let { takePageData } = await load();
    expect(takePageData("/ver-activo/a1", readTitle)).toBeUndefined();
    inline("{no es json");
    ({ takePageData } = await load());
    expect(takePageData("/ver-activo/a1", readTitle)).toBeUndefined();
    inline(JSON.stringify({ data: {} }));
    ({ takePageData } = await load());
    expect(takePageData("/ver-activo/a1", readTitle)).toBeUndefined();
  });
});
