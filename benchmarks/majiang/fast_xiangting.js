/*
 * majiang-core's shanten (Majiang.Util.xiangting), the same answers sooner.
 *
 *     require("./fast_xiangting").install();   (mjai_player.js does, before any game)
 *
 * majiang-ai weighs a discard by looking draws ahead, so it asks Majiang.Util.xiangting for
 * the shanten of hundreds of thousands of hands a game: in a profile of whole games, 70% of
 * its time went to the recursion that splits one suit into sets and partial sets
 * (xiangting.js's `mianzi`), for suits it had split many times before. Here that split is
 * memoised by the suit's nine counts, and the whole hand's shanten by its counts (its red
 * fives aside: they change no shanten); the rest is majiang-core's method (MIT, kobalab)
 * written out around the memo: the best of each suit's two splits (most sets, fewest
 * singles), a pair tried as the head from each kind, then the better of that, kokushi and
 * chiitoitsu. Majiang.Util.xiangting and Majiang.Util.tingpai (whose default shanten is the
 * module's own) are replaced; every other caller looks them up there, so majiang-ai's answers
 * are unchanged: tests/test_majiang_arena.py checks its shanten and waits against the original's
 * on 20,000 random hands, one memo across them all.
 */
"use strict";

const Majiang = require("@kobalab/majiang-core");

const Util = Majiang.Util;
const original = { xiangting: Util.xiangting, tingpai: Util.tingpai };
const POWERS = [1, 5, 25, 125, 625, 3125, 15625, 78125, 390625];  // a suit's counts, base 5
const splits = new Map();  // a suit's key -> [sets, partials, singles] of its two best splits

/** Sets, partial sets and singles left once the suit's sets are taken (majiang-core's dazi). */
function partials(b) {
    let run = 0, pairs = 0, singles = 0;
    for (let n = 1; n <= 9; n++) {
        run += b[n];
        if (n <= 7 && b[n + 1] === 0 && b[n + 2] === 0) {
            pairs += run >> 1;
            singles += run % 2;
            run = 0;
        }
    }
    pairs += run >> 1;
    singles += run % 2;
    return { a: [0, pairs, singles], b: [0, pairs, singles] };
}

/** The suit's two best splits from kind n on: a (fewest singles), b (most sets). */
function split(b, n = 1) {
    if (n > 9) return partials(b);
    const best = split(b, n + 1);
    const tryTaken = () => {
        const r = split(b, n);
        r.a[0]++;
        r.b[0]++;
        if (r.a[2] < best.a[2] || (r.a[2] === best.a[2] && r.a[1] < best.a[1])) best.a = r.a;
        if (r.b[0] > best.b[0] || (r.b[0] === best.b[0] && r.b[1] > best.b[1])) best.b = r.b;
    };
    if (n <= 7 && b[n] > 0 && b[n + 1] > 0 && b[n + 2] > 0) {
        b[n]--; b[n + 1]--; b[n + 2]--;
        tryTaken();
        b[n]++; b[n + 1]++; b[n + 2]++;
    }
    if (b[n] >= 3) {
        b[n] -= 3;
        tryTaken();
        b[n] += 3;
    }
    return best;
}

function suitKey(b) {
    let k = 0;
    for (let n = 1; n <= 9; n++) k += b[n] * POWERS[n - 1];
    return k;
}

/** The memoised split of suit ``b`` (whose key is ``k``), flat: a's three counts, b's three. */
function splitOf(k, b) {
    let r = splits.get(k);
    if (r === undefined) {
        const s = split(b);
        r = [s.a[0], s.a[1], s.a[2], s.b[0], s.b[1], s.b[2]];
        splits.set(k, r);
    }
    return r;
}

/** Shanten of m sets, d partials and g singles (j: a pair is the head) — majiang-core's own. */
function count(m, d, g, j) {
    const n = j ? 4 : 5;
    if (m > 4) { d += m - 4; m = 4; }
    if (m + d > 4) { g += m + d - 4; d = 4 - m; }
    if (m + d + g > n) g = n - m - d;
    if (j) d++;
    return 13 - m * 3 - d * 2 - g;
}

/** The least shanten over the eight ways to take each suit's split a or b. */
function bestOf(rm, rp, rs, z0, z1, z2, melds, head) {
    let min = 13;
    for (let i = 0; i <= 3; i += 3) {
        for (let k = 0; k <= 3; k += 3) {
            for (let l = 0; l <= 3; l += 3) {
                const x = count(melds + rm[i] + rp[k] + rs[l] + z0, rm[i + 1] + rp[k + 1] + rs[l + 1] + z1,
                                rm[i + 2] + rp[k + 2] + rs[l + 2] + z2, head);
                if (x < min) min = x;
            }
        }
    }
    return min;
}

/** Shanten of a hand of sets and a head (majiang-core's xiangting_yiban). */
function xiangtingYiban(shoupai) {
    const B = shoupai._bingpai, melds = shoupai._fulou.length;
    const km = suitKey(B.m), kp = suitKey(B.p), ks = suitKey(B.s);
    const rm = splitOf(km, B.m), rp = splitOf(kp, B.p), rs = splitOf(ks, B.s);
    const z = B.z;
    let z0 = 0, z1 = 0, z2 = 0;
    for (let n = 1; n <= 7; n++) {
        if (z[n] >= 3) z0++;
        else if (z[n] === 2) z1++;
        else if (z[n] === 1) z2++;
    }
    let min = bestOf(rm, rp, rs, z0, z1, z2, melds, false);
    const headed = (b, k, n) => {
        b[n] -= 2;
        const r = splitOf(k - 2 * POWERS[n - 1], b);
        b[n] += 2;
        return r;
    };
    for (let n = 1; n <= 9; n++) {
        if (B.m[n] >= 2) min = Math.min(min, bestOf(headed(B.m, km, n), rp, rs, z0, z1, z2, melds, true));
        if (B.p[n] >= 2) min = Math.min(min, bestOf(rm, headed(B.p, kp, n), rs, z0, z1, z2, melds, true));
        if (B.s[n] >= 2) min = Math.min(min, bestOf(rm, rp, headed(B.s, ks, n), z0, z1, z2, melds, true));
    }
    for (let n = 1; n <= 7; n++) {
        if (z[n] < 2) continue;
        const [a0, a1, a2] = z[n] === 2 ? [z0, z1 - 1, z2] : z[n] === 3 ? [z0 - 1, z1, z2 + 1] : [z0 - 1, z1 + 1, z2];
        min = Math.min(min, bestOf(rm, rp, rs, a0, a1, a2, melds, true));
    }
    if (min === -1 && shoupai._zimo && shoupai._zimo.length > 2) return 0;
    return min;
}

const hands = new Map();  // the whole hand's shanten: a map by its man and pin keys, within it ...
let handCount = 0;       // ... by its sou and honour keys, the melds and a kan draw (bounded)
const HANDS_KEPT = 500000;

/** The shanten of the hand (majiang-core's xiangting), memoised whole: a look-ahead asks for
 * the same hands again and again. */
function xiangting(shoupai) {
    const B = shoupai._bingpai;
    let kz = 0;
    for (let n = 1; n <= 7; n++) kz = kz * 5 + B.z[n];
    const a = suitKey(B.m) * 2097152 + suitKey(B.p);
    const b = (suitKey(B.s) * 131072 + kz) * 16 + shoupai._fulou.length * 2
              + (shoupai._zimo && shoupai._zimo.length > 2 ? 1 : 0);
    let inner = hands.get(a);
    if (inner === undefined) { inner = new Map(); hands.set(a, inner); }
    let v = inner.get(b);
    if (v === undefined) {
        v = Math.min(xiangtingYiban(shoupai), Util.xiangting_guoshi(shoupai), Util.xiangting_qidui(shoupai));
        if (++handCount > HANDS_KEPT) { hands.clear(); handCount = 0; }
        inner.set(b, v);
    }
    return v;
}

/** Put the memoised shanten in Majiang.Util's place (once; later calls change nothing). */
function install() {
    if (Util.xiangting === xiangting) return;
    Util.xiangting = xiangting;
    Util.tingpai = (shoupai, f = xiangting) => original.tingpai(shoupai, f);
}

module.exports = { install, xiangting, original };
