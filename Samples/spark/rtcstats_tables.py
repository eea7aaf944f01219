"""The tables of the rtcstats Spark job: their Spark schema, derived from rtcstats's JSON Schema.

`rtcstats schema rows` prints the JSON Schema (draft 2020-12) of the rows of `analyze --format
ndjson --per KIND`, one `$defs` entry per row kind; `spark_type` turns a definition into a
Spark type, so a column added to or renamed in rtcstats's rows changes the tables without a
hand-copied list, and a row that no longer fits lands in `_corrupt_record`, which the job
counts and `make spark-test` requires to be empty.
"""

import json
import subprocess

from pyspark.sql import types as T

# Columns the job adds to every row (rtcstats knows nothing of them).
# Columns the job adds to every row (rtcstats's own `path` is set to the file's URI).
JOB_FIELDS = [
    T.StructField("input_size", T.LongType(), True),
    T.StructField("input_mtime", T.LongType(), True),
    T.StructField("run_id", T.StringType(), True),
    T.StructField("day", T.StringType(), True),
]
# The row kinds of each table: a file that was not analysed is an error or skipped row.
TABLE_ROW_KINDS = {"files": ["file", "error", "skipped"], "tracks": ["track"], "findings": ["finding"]}
CORRUPT_COLUMN = "_corrupt_record"
SCALARS = {
    "string": T.StringType(),
    "integer": T.LongType(),
    "number": T.DoubleType(),
    "boolean": T.BooleanType(),
}


def _resolve(node, root):
    """Follows a local `$ref` (`#/$defs/Name`) to the node it names."""
    while isinstance(node, dict) and "$ref" in node:
        target = root
        for part in node["$ref"].lstrip("#/").split("/"):
            target = target[part.replace("~1", "/").replace("~0", "~")]
        node = {**target, **{k: v for k, v in node.items() if k != "$ref"}}
    return node


def _alternatives(node):
    """The non-null alternatives of a node's `type` list, `anyOf` or `oneOf`."""
    for key in ("anyOf", "oneOf"):
        if key in node:
            return [alt for alt in node[key] if alt.get("type") != "null"]
    types = node.get("type")
    if isinstance(types, list):
        rest = {k: v for k, v in node.items() if k != "type"}
        return [{**rest, "type": name} for name in types if name != "null"]
    return None


def _value_type(node):
    """The JSON type name of a node, from `type`, `const` or `enum`."""
    if "type" in node:
        return node["type"]
    values = [node["const"]] if "const" in node else node.get("enum", [])
    values = [value for value in values if value is not None]
    if values and all(isinstance(value, bool) for value in values):
        return "boolean"
    if values and all(isinstance(value, str) for value in values):
        return "string"
    if values and all(isinstance(value, int) for value in values):
        return "integer"
    if values and all(isinstance(value, (int, float)) for value in values):
        return "number"
    if "properties" in node:
        return "object"
    if "items" in node:
        return "array"
    return None


def _merge_objects(alternatives):
    """One object node holding the properties of every object alternative."""
    properties = {}
    for alternative in alternatives:
        properties.update(alternative.get("properties", {}))
    return {"type": "object", "properties": properties}


def spark_type(node, root):
    """The Spark type of a JSON Schema node (a member's values when read by `spark.read.json`).

    object with properties → struct (in the schema's order); object with only
    additionalProperties → map of string to its type; array → array of `items`; integer →
    long; number → double (so an integer member may later carry decimals); string, boolean
    as such; several kinds of values (or an unconstrained node) → string, the JSON text.
    """
    node = _resolve(node, root)
    alternatives = _alternatives(node)
    if alternatives is not None:
        alternatives = [_resolve(alt, root) for alt in alternatives]
        kinds = {_value_type(alt) for alt in alternatives}
        if kinds == {"object"}:
            return spark_type(_merge_objects(alternatives), root)
        if kinds <= {"integer", "number"} and kinds:
            return T.DoubleType() if "number" in kinds else T.LongType()
        return spark_type(alternatives[0], root) if len(alternatives) == 1 else T.StringType()
    kind = _value_type(node)
    if kind == "object":
        if node.get("properties"):
            return T.StructType(
                [T.StructField(name, spark_type(child, root), True)
                 for name, child in node["properties"].items()]
            )
        extra = node.get("additionalProperties")
        if isinstance(extra, dict) and extra:
            return T.MapType(T.StringType(), spark_type(extra, root), True)
        return T.StringType()
    if kind == "array":
        return T.ArrayType(spark_type(node.get("items", {}), root), True)
    return SCALARS.get(kind, T.StringType())


def rtcstats_schema(binary):
    """The JSON Schema document `rtcstats schema rows` prints."""
    output = subprocess.run([binary, "schema", "rows"], check=True, capture_output=True).stdout
    return json.loads(output)


def table_schema(document, table):
    """The Spark schema of one table: its row kinds' columns (in rtcstats's order, merged),
    then the job's columns."""
    definitions = document.get("$defs", {})
    missing = [kind for kind in TABLE_ROW_KINDS[table] if kind not in definitions]
    if missing:
        raise ValueError(f"rtcstats schema rows has no definition of {missing}")
    merged = _merge_objects([_resolve(definitions[kind], document) for kind in TABLE_ROW_KINDS[table]])
    row = spark_type(merged, document)
    clashes = {field.name for field in row.fields} & {field.name for field in JOB_FIELDS}
    if clashes:
        raise ValueError(f"rtcstats rows now carry {sorted(clashes)}: rename the job's columns")
    return T.StructType(row.fields + JOB_FIELDS)


def with_corrupt_column(schema):
    """`schema` plus the column where `spark.read.json` puts a row that does not fit it."""
    return T.StructType(schema.fields + [T.StructField(CORRUPT_COLUMN, T.StringType(), True)])
