/** TEST_TIMEOUT_SCALE multiplies the browser tests' time-outs for slower or busier machines (e.g. 3). */
export const TIMEOUT_SCALE = Math.max(1, Number(process.env.TEST_TIMEOUT_SCALE) || 1);
