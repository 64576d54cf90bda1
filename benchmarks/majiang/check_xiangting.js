/*
 * fast_xiangting.js against majiang-core's own shanten, hand by hand.
 *
 *     node benchmarks/majiang/check_xiangting.js [HANDS]     (tests/test_majiang_arena.py runs it)
 *
 * Random hands of 13 or 14 tiles (from the whole set, or mostly one suit, where the split's
 * recursion is deepest), with 0-4 called melds and, now and then, a kan's replacement draw
 * (a shanten of -1 there counts 0): the shanten and the waits (Majiang.Util.tingpai) must be
 * the original's. Prints one JSON line: {"hands": n, "differ": [the first hands that differ]}.
 */
"use strict";

const Majiang = require("@kobalab/majiang-core");
const fast = require("./fast_xiangting");

let seed = 2026;
function random() {  // a fixed sequence: the check is the same every run
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
}

function handOf(i) {
    const wall = [];
    const suits = i % 3 === 0 ? "mmmmmpsz" : "mpsz";
    for (const s of "mpsz") for (let n = 1; n <= (s === "z" ? 7 : 9); n++) for (let c = 0; c < 4; c++) wall.push(s + n);
    const melds = Math.floor(random() * 5 * random());
    const shoupai = new Majiang.Shoupai();
    const take = (s) => {
        const pool = wall.filter((p) => p[0] === s && shoupai._bingpai[s][+p[1]] < 4);
        const p = pool[Math.floor(random() * pool.length)];
        shoupai._bingpai[s][+p[1]]++;
    };
    for (let k = 0; k < 13 - 3 * melds + (i % 2); k++) take(suits[Math.floor(random() * suits.length)]);
    for (let k = 0; k < melds; k++) shoupai._fulou.push("z111=");
    if (i % 2) shoupai._zimo = i % 14 === 1 ? "z1111" : "z1";
    return shoupai;
}

const hands = +(process.argv[2] || 20000);
const differ = [];
for (let i = 0; i < hands; i++) {
    const shoupai = handOf(i);
    const want = fast.original.xiangting(shoupai);
    const got = fast.xiangting(shoupai);
    let same = want === got;
    if (same && !shoupai._zimo) {
        const f = (s) => fast.original.xiangting(s);
        same = JSON.stringify(fast.original.tingpai(shoupai, f)) === JSON.stringify(fast.original.tingpai(shoupai, fast.xiangting));
    }
    if (!same && differ.length < 5) differ.push({ hand: shoupai.toString(), want, got });
}
console.log(JSON.stringify({ hands, differ }));
