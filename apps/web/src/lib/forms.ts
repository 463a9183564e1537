import { zodResolver } from "@hookform/resolvers/zod";
import { z } from "zod";

/*
 * Every form imports its resolver from here. @valoriza/domain sets zod's Spanish messages in its
 * index, but the web bundle tree-shakes that barrel (see vite.config.ts) so that the home page does
 * not download zod; the forms chunk sets them instead, before any form validates.
 */
z.config(z.locales.es());

export { zodResolver };
