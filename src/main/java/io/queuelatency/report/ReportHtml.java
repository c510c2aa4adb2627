package io.queuelatency.report;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.queuelatency.decide.MatrixData;
import io.queuelatency.exit.StoredFileException;
import io.queuelatency.json.JsonNodes;
import io.queuelatency.result.Definition;
import io.queuelatency.result.Tail;
import io.queuelatency.result.ThreadStalls;
import io.queuelatency.result.Why;
import io.queuelatency.store.IntervalLog;
import io.queuelatency.words.CauseWords;
import io.queuelatency.words.DefinitionWords;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import java.util.Scanner;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.commonmark.ext.gfm.tables.TablesExtension;
import org.commonmark.parser.Parser;
import org.commonmark.renderer.html.HtmlRenderer;

/**
 * report.html: summary.md as one self-contained page (no network), each figure inline and every run's timeline as a
 * chart that zooms and shows its values on hover (docs/output.md).
 */
public final class ReportHtml {
    public static final String FILE_NAME = "report.html";

    private static final Pattern IMAGE = Pattern.compile("<img src=\"([^\"]+\\.png)\" alt=\"([^\"]*)\" />");
    private static final Pattern TIMELINE_LINK = Pattern.compile("href=\"timelines/([^\"]+)\\.png\"");

    private ReportHtml() {
    }

    /**
     * The page of summary.md's text, its figures read from {@code dir}; or null and one warning line (a timeline that
     * cannot be made too), never a failed report.
     */
    public static String orWarning(String markdown, Path dir, java.util.function.Supplier<ArrayNode> timelines,
            java.io.PrintStream warnings) {
        try {
            ArrayNode charts = timelines.get();
            Parser parser = Parser.builder().extensions(Arrays.asList(TablesExtension.create())).build();
            // summary.md holds no HTML of its own: whatever looks like it (a JVM's label from jvm-matrix.yaml) is text
            HtmlRenderer renderer =
                    HtmlRenderer.builder().extensions(Arrays.asList(TablesExtension.create())).escapeHtml(true)
                    .sanitizeUrls(true).build();
            String body = renderer.render(parser.parse(markdown));
            body = inlineImages(body, dir);
            body = TIMELINE_LINK.matcher(body).replaceAll("href=\"#timeline-$1\"");
            body = collapseEvidence(body);
            String title = markdown.startsWith("# ") ? markdown.substring(2, markdown.indexOf('\n'))
                    : "queue-latency report";
            StringBuilder page = new StringBuilder(body.length() + 200_000);
            page.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
                    .append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
                    .append("<title>").append(title.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;"))
                    .append("</title>\n<style>\n").append(resource("report.css"))
                    .append("</style>\n</head>\n<body>\n<main>\n").append(body);
            if (charts.size() > 0) {
                page.append("<details class=\"evidence\" id=\"timelines-section\">\n<summary><h2 "
                        + "id=\"timelines\">Timelines</h2></summary>\n<p>Each run's measured window, second by "
                        + "second, from its stored interval log and tail: the maximum and p99 of each interval as "
                        + "steps over its true extent (a partial interval at an edge stays partial), each second's "
                        + "longest stall per thread (filled by whose cause it was), the JVM's safepoints and GC "
                        + "pauses with how long they stopped the threads, and the queue's rolls and new blocks. The "
                        + "runs of one JVM share one latency axis. Drag across a chart to zoom into that time (all "
                        + "runs of the JVM follow); double-click to go back; hover for the values.</p>\n<div "
                        + "id=\"timeline-charts\"></div>\n</details>\n")
                        .append("<script type=\"application/json\" id=\"timeline-data\">")
                        .append(JsonNodes.compact(charts).replace("<", "\\u003c")).append("</script>\n");
            }
            page.append("<div id=\"errors\" hidden></div>\n</main>\n<script>\n").append(resource("report.js"))
                    .append("</script>\n</body>\n</html>\n");
            return page.toString();
        } catch (RuntimeException e) {
            warnings.println("queue-latency: warning: " + FILE_NAME + " not written: " + e);
            return null;
        }
    }

    /**
     * The answer open, the evidence folded: each section after the first becomes a details element whose summary is
     * its heading, closed until clicked (a link into one opens it: report.js).
     */
    static String collapseEvidence(String html) {
        int first = html.indexOf("<h2>");
        int from = first < 0 ? -1 : html.indexOf("<h2>", first + 1);
        if (from < 0) {
            return html;
        }
        StringBuilder out = new StringBuilder(html.length() + 2_000).append(html, 0, from);
        while (from >= 0) {
            int next = html.indexOf("<h2>", from + 1);
            int end = next < 0 ? html.length() : next;
            int headingEnd = html.indexOf("</h2>", from) + "</h2>".length();
            out.append("<details class=\"evidence\">\n<summary>").append(html, from, headingEnd).append("</summary>")
                    .append(html, headingEnd, end).append("</details>\n");
            from = next;
        }
        return out.toString();
    }

    /** Each figure as a data: URI; one that was not drawn becomes a line saying so (summary.md names why). */
    private static String inlineImages(String html, Path dir) {
        Matcher m = IMAGE.matcher(html);
        StringBuffer out = new StringBuffer();
        while (m.find()) {
            Path png = dir.resolve(m.group(1)).normalize();
            String replacement;
            if (png.startsWith(dir.normalize()) && Files.isRegularFile(png)) {
                try {
                    replacement = "<img src=\"data:image/png;base64,"
                            + Base64.getEncoder().encodeToString(Files.readAllBytes(png))
                            + "\" alt=\"" + m.group(2) + "\" class=\"figure\" />";
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            } else {
                replacement = "<span class=\"missing\">(" + m.group(2) + ": not drawn, see above)</span>";
            }
            m.appendReplacement(out, Matcher.quoteReplacement(replacement));
        }
        m.appendTail(out);
        return out.toString();
    }

    private static String resource(String name) {
        try (InputStream in = ReportHtml.class.getResourceAsStream("/report/" + name)) {
            if (in == null) {
                throw new IllegalStateException("the jar lacks /report/" + name);
            }
            return new Scanner(in, "UTF-8").useDelimiter("\\A").next();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Each run's timeline as the charts' data, from the same stored files as timeline.png (seconds from the window's
     * start); none of a run that stored no interval of its window, a warning line for one whose files cannot be read.
     */
    static ArrayNode timelines(MatrixData data, java.io.PrintStream warnings) {
        ArrayNode all = JsonNodes.array();
        for (MatrixData.Cell c : data.cells) {
            try {
                Timeline.Series series = c.result == null ? null : Timeline.Series.read(c.dir, c.result);
                if (series != null) {
                    all.add(timeline(c, series));
                }
            } catch (StoredFileException e) {
                warnings.println("queue-latency: warning: report.html: no timeline of " + c.id + ": "
                        + e.getMessage());
            }
        }
        return all;
    }

    private static ObjectNode timeline(MatrixData.Cell c, Timeline.Series series) {
        ObjectNode o = JsonNodes.object();
        o.put("id", c.id.toString());
        o.put("jvm", c.jvm.id);
        o.put("label", c.jvm.label);
        o.put("second", DefinitionWords.label(series.second));
        o.set(Definition.HEADLINE.id, intervals(series.headline));
        o.set("other", intervals(series.other));
        Tail tail = c.result.tail;
        if (tail != null) {
            o.set("producer", stalls(tail.producer));
            o.set("consumer", stalls(tail.consumer));
            ArrayNode events = o.putArray("events");
            for (Tail.Event e : series.events) {
                events.addObject().put("s", e.startAfterWindowStartNs / 1e9).put("lengthNs", e.lengthNs)
                        .put("stoppedNs", Timeline.height(e)).put("gc", e.gc).put("what", e.operation);
            }
            ArrayNode queue = o.putArray("queue");
            for (long[] times : new long[][] {tail.cycleStartsNs, tail.newBlocksNs}) {
                for (long t : times) {
                    queue.add(t / 1e9);
                }
            }
        }
        return o;
    }

    /** [fromS, toS, samples, p99Ns, maxNs] per interval with samples. */
    private static ArrayNode intervals(List<IntervalLog.Interval> list) {
        ArrayNode a = JsonNodes.array();
        for (IntervalLog.Interval i : list) {
            if (i.count > 0 && i.toS > i.fromS) {
                a.addArray().add(millis(i.fromS)).add(millis(i.toS)).add(i.count).add(i.p99Ns).add(i.maxNs);
            }
        }
        return a;
    }

    /** [second, lengthNs, group, cause ("preempted: the host's")] for each second with a stall. */
    private static ArrayNode stalls(ThreadStalls s) {
        ArrayNode a = JsonNodes.array();
        for (int k = 0; k < s.perSecondMaxNs.length; k++) {
            if (s.perSecondMaxNs[k] > 0) {
                Why why = k < s.perSecondMaxWhy.length ? s.perSecondMaxWhy[k] : null;
                a.addArray().add(k).add(s.perSecondMaxNs[k]).add(why == null ? null : why.group.name())
                        .add(why == null ? null : CauseWords.shortName(why) + ": " + CauseWords.words(why.group));
            }
        }
        return a;
    }

    private static double millis(double s) {
        return Math.round(s * 1000) / 1000.0;
    }
}
