"""Console logging of training metrics."""


def summarize(metrics, precision=3):
    summary = {}
    for name, value in metrics.items():
        summary[name] = round(float(value), precision)  # expect: concretization-type-error
    return summary
