/*
 * kobalab's majiang-ai as an mjai bot: mjai.app's player protocol on stdin and stdout.
 *
 *     node benchmarks/majiang/mjai_player.js        (after `npm ci` in this folder)
 *
 * Each line on stdin is a JSON array of mjai events; each is answered with one JSON action
 * on stdout ({"type":"none"} when there is nothing to do). The events are translated into
 * Majiang's own messages (kaiju, qipai, zimo, gangzimo, dapai, fulou, gang, kaigang) and
 * given to a Majiang.AI player; its answer to the last event of the line ({hule}, {daopai},
 * {gang}, {dapai}, {fulou}) is translated back into mjai.
 *
 * Majiang's seats are winds (l: 0 the dealer, 1 the next...), mjai's are absolute; Majiang
 * writes tiles m1..z7 (m0 a red five), mjai 1m..9s, 5mr, E S W N P F C. Majiang's melds are
 * strings (m1-23 a chi of 1m from the left, p555= a pon from across, s5550+ an open kan
 * from the right, z1111 a closed kan, m550-5 an added kan). A riichi is one Majiang discard
 * (its tile marked *) but two mjai answers: reach, then the discard once it is echoed.
 * Wins and draws end the round in mjai; Majiang's players need nothing from them, as the
 * next qipai sets the table (scores, sticks, dora) again.
 */
"use strict";

const readline = require("readline");
const Majiang = require("@kobalab/majiang-core");
const AI = require("@kobalab/majiang-ai");

require("./fast_xiangting").install();  // the same shanten, memoised: majiang-ai's time is mostly there

const HONOURS = ["E", "S", "W", "N", "P", "F", "C"];
const WINDS = { E: 0, S: 1, W: 2, N: 3 };
const NONE = { type: "none" };

/** An mjai tile name as Majiang's ("5mr" -> "m0", "E" -> "z1", "?" -> ""). */
function toMajiang(pai) {
    if (pai === "?" || pai == null) return "";
    const h = HONOURS.indexOf(pai);
    if (h >= 0) return "z" + (h + 1);
    return pai[1] + (pai[2] === "r" ? "0" : pai[0]);
}

/** A Majiang tile (suit and digit, any marks after them) as mjai's name. */
function toMjai(s, n) {
    n = +n;
    if (s === "z") return HONOURS[n - 1];
    return n === 0 ? "5" + s + "r" : n + s;
}

/** A hand of mjai names as Majiang's string (m1230p456...). */
function handString(tiles) {
    const by = { m: "", p: "", s: "", z: "" };
    for (const t of tiles) {
        const p = toMajiang(t);
        by[p[0]] += p[1];
    }
    return ["m", "p", "s", "z"].filter((s) => by[s]).map((s) => s + by[s]).join("");
}

/** The digits of a meld string that are not the called tile, as mjai names. */
function consumedOf(m) {
    return (m.match(/\d(?![\+\=\-])/g) || []).map((n) => toMjai(m[0], n));
}

class MjaiPlayer {
    constructor() {
        this.player = new AI();
        this.seat = 0;
        this.oya = 0;
        this.reached = [false, false, false, false];   // a reach not yet followed by its discard
        this.afterKan = [false, false, false, false];  // the next draw is a replacement draw
        this.riichiDapai = null;                        // our discard, chosen with our reach
        this.lastDahai = null;                          // the last mjai dahai (or kakan) event
        this.lastTsumo = null;
        this.asking = false;                            // the event being folded is the line's last
    }

    menfeng(actor) {
        return (actor - this.oya + 4) % 4;
    }

    /** Give one Majiang message to the player; its answer (or undefined). Only the last
     * event of a line is asked for one: the player then thinks for that event alone. */
    tell(msg) {
        let answer;
        if (!this.asking) this.player.action(msg);
        else this.player.action(msg, (reply) => { answer = reply; });
        return answer;
    }

    /** Fold one mjai event; Majiang's answer to it. */
    fold(e) {
        const l = this.menfeng(e.actor);
        switch (e.type) {
        case "start_game":
            this.seat = e.id || 0;
            return this.tell({ kaiju: { id: this.seat, rule: Majiang.rule(), title: "mjai",
                                        player: ["0", "1", "2", "3"], qijia: 0 } });
        case "start_kyoku": {
            this.oya = e.oya;
            this.reached = [false, false, false, false];
            this.afterKan = [false, false, false, false];
            const shoupai = [0, 1, 2, 3].map((w) => ((this.oya + w) % 4 === this.seat
                                                     ? handString(e.tehais[this.seat]) : ""));
            return this.tell({ qipai: {
                zhuangfeng: WINDS[e.bakaze], jushu: this.oya, changbang: e.honba,
                lizhibang: e.kyotaku, defen: [0, 1, 2, 3].map((w) => e.scores[(this.oya + w) % 4]),
                baopai: toMajiang(e.dora_marker), shoupai: shoupai } });
        }
        case "tsumo": {
            const p = e.actor === this.seat ? toMajiang(e.pai) : "";
            this.lastTsumo = e;
            const kind = this.afterKan[e.actor] ? "gangzimo" : "zimo";
            this.afterKan[e.actor] = false;
            return this.tell({ [kind]: { l: l, p: p } });
        }
        case "dahai": {
            let p = toMajiang(e.pai) + (e.tsumogiri ? "_" : "") + (this.reached[e.actor] ? "*" : "");
            this.reached[e.actor] = false;
            this.lastDahai = e;
            return this.tell({ dapai: { l: l, p: p } });
        }
        case "chi": case "pon": case "daiminkan": {
            const d = ["", "+", "=", "-"][(e.target - e.actor + 4) % 4];
            const called = toMajiang(e.pai);
            const digits = e.consumed.map((t) => toMajiang(t)[1]).sort().reverse().join("");
            const m = Majiang.Shoupai.valid_mianzi(called[0] + digits + called[1] + d);
            if (e.type === "daiminkan") this.afterKan[e.actor] = true;
            return this.tell({ fulou: { l: l, m: m } });
        }
        case "ankan": {
            const p = toMajiang(e.consumed[0]);
            const digits = e.consumed.map((t) => toMajiang(t)[1]).sort().reverse().join("");
            this.afterKan[e.actor] = true;
            return this.tell({ gang: { l: l, m: p[0] + digits } });
        }
        case "kakan": {
            const p = toMajiang(e.pai);
            const pon = this.player.model.shoupai[l]._fulou.find(
                (m) => m[0] === p[0] && m.replace(/0/g, "5").match(/^[mpsz](\d)\1\1[\+\=\-]\1?$/)
                       && m.replace(/0/g, "5")[1] === (p[1] === "0" ? "5" : p[1]));
            this.afterKan[e.actor] = true;
            this.lastDahai = e;
            return this.tell({ gang: { l: l, m: pon + p[1] } });
        }
        case "dora":
            return this.tell({ kaigang: { baopai: toMajiang(e.dora_marker) } });
        case "reach":
            this.reached[e.actor] = true;
            return undefined;
        default:   // reach_accepted, hora, ryukyoku, end_kyoku, end_game: nothing to tell
            return undefined;
        }
    }

    /** Answer one line of events. */
    react(events) {
        let answer;
        events.forEach((e, i) => {
            this.asking = i === events.length - 1;
            answer = this.fold(e);
        });
        const last = events[events.length - 1];
        if (last.type === "reach" && last.actor === this.seat) return this.riichiDiscard();
        if (!answer) return NONE;
        return this.translate(answer, last);
    }

    /** The discard that follows our echoed reach. */
    riichiDiscard() {
        const p = this.riichiDapai;
        this.riichiDapai = null;
        return { type: "dahai", actor: this.seat, pai: toMjai(p[0], p[1]), tsumogiri: p.includes("_") };
    }

    /** Majiang's answer to ``last`` as an mjai action. */
    translate(answer, last) {
        const me = this.seat;
        if (answer.hule) {
            if (last.type === "tsumo") return { type: "hora", actor: me, target: me, pai: last.pai };
            return { type: "hora", actor: me, target: last.actor, pai: last.pai };
        }
        if (answer.daopai) return last.type === "tsumo" ? { type: "ryukyoku" } : NONE;
        if (answer.dapai) {
            const p = answer.dapai;
            if (p.endsWith("*")) {
                this.riichiDapai = p;
                return { type: "reach", actor: me };
            }
            return { type: "dahai", actor: me, pai: toMjai(p[0], p[1]), tsumogiri: p.includes("_") };
        }
        if (answer.gang) {
            const m = answer.gang;
            if (/^[mpsz]\d{4}$/.test(m)) return { type: "ankan", actor: me, consumed: consumedOf(m) };
            const pon = m.slice(0, -1).match(/\d/g).map((n) => toMjai(m[0], n));
            return { type: "kakan", actor: me, pai: toMjai(m[0], m.slice(-1)), consumed: pon };
        }
        if (answer.fulou) {
            const m = answer.fulou;
            const consumed = consumedOf(m);
            const type = consumed.length === 3 ? "daiminkan"
                       : /^[mpsz](\d)\1\1/.test(m.replace(/0/g, "5")) ? "pon" : "chi";
            return { type: type, actor: me, target: last.actor, pai: last.pai, consumed: consumed };
        }
        return NONE;
    }
}

if (require.main === module) {
    const bot = new MjaiPlayer();
    const lines = readline.createInterface({ input: process.stdin });
    lines.on("line", (line) => {
        if (!line.trim()) return;
        let events = JSON.parse(line);
        if (!Array.isArray(events)) events = [events];
        process.stdout.write(JSON.stringify(bot.react(events)) + "\n");
    });
}

module.exports = { MjaiPlayer, toMajiang, toMjai };
